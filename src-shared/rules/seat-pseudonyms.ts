/**
 * Seats instead of user ids: what a player reads of a game's recorded events names each person by
 * the facility they held (a stable pseudonym per seat; the second person of a facility on gets a
 * number), and the game's creator `instructor`, so that no user id reaches another player. The
 * people behind the pseudonyms stay with the server (names are looked up from them).
 */

/** The pseudonym of a game's creator in a player's history. */
export const CREATOR_PSEUDONYM = 'instructor';

export class SeatPseudonyms {
  /** The user each pseudonym stands for. */
  readonly people = new Map<string, string>();
  private readonly named = new Map<string, string>();

  constructor(private readonly creatorId: string | null) {}

  /** The pseudonym of `userId` as the holder of `facilityId` (the creator's, whatever the facility). */
  of(userId: string, facilityId: string): string {
    const isCreator = userId === this.creatorId;
    const key = isCreator ? '' : `${facilityId}\u0000${userId}`;
    let name = this.named.get(key);
    if (name === undefined) {
      const base = isCreator ? CREATOR_PSEUDONYM : facilityId;
      name = base;
      for (let k = 2; this.people.has(name); k++) name = `${base}-${k}`;
      this.named.set(key, name);
      this.people.set(name, userId);
    }
    return name;
  }
}
