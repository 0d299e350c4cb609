/**
 * How one research export names the people in it. By default a pseudonym: `P-` and 10 characters
 * of an HMAC-SHA256 of the user id under a key drawn for this export alone, so a person keeps one
 * pseudonym across every game of an export, and two exports cannot be linked by it. When the
 * instructor opts in, the users' display names (names live in user records, never in events).
 */
import { createHmac, randomBytes } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U to misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PSEUDONYM_CHARACTERS = 10;

/** Display names of users by id (an erased account's: its pseudonym, auth.ts `displayNames`). */
export type NameLookUp = (userIds: readonly string[]) => Promise<Record<string, string>>;

export class Participants {
  private readonly key = randomBytes(32);
  private readonly pseudonyms = new Map<string, string>();
  private readonly names = new Map<string, string | null>();

  /** With `lookUpNames`, the instructor opted in to names. */
  constructor(private readonly lookUpNames?: NameLookUp) {}

  get withNames(): boolean {
    return this.lookUpNames !== undefined;
  }

  pseudonym(userId: string): string {
    let pseudonym = this.pseudonyms.get(userId);
    if (pseudonym === undefined) {
      const digest = createHmac('sha256', this.key).update(userId).digest();
      // 10 characters of 5 bits each, from the first 50 bits of the digest.
      let bits = digest.readBigUInt64BE(0) >> 14n;
      let text = '';
      for (let i = 0; i < PSEUDONYM_CHARACTERS; i++, bits >>= 5n) text = ALPHABET[Number(bits & 31n)] + text;
      pseudonym = `P-${text}`;
      this.pseudonyms.set(userId, pseudonym);
    }
    return pseudonym;
  }

  /** Looks up the display names of the users not met yet (one query), when names were opted in. */
  async meet(userIds: Iterable<string>): Promise<void> {
    if (!this.lookUpNames) return;
    const unknown = [...new Set(userIds)].filter((id) => !this.names.has(id));
    if (unknown.length === 0) return;
    const found = await this.lookUpNames(unknown);
    for (const id of unknown) this.names.set(id, found[id] ?? null);
  }

  /** The person as the export shows them: their name when opted in and known (see `meet`), else the pseudonym. */
  label(userId: string): string {
    return (this.lookUpNames && this.names.get(userId)) || this.pseudonym(userId);
  }
}
