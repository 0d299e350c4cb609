/**
 * A game's short join code (spec `generateSessionCode`: "6 characters without look-alikes"),
 * typed on a phone from a projected screen. It is a function of the game id, so the games read
 * model can always be rebuilt from the events; the server picks game ids whose code is free.
 */

/**
 * Neither member of a look-alike pair is used (0/O/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V): a reader
 * cannot mistake one character for another, so nothing typed has to be guessed at.
 */
export const JOIN_CODE_ALPHABET = '3479ACDEFHJKMNPRTWXY';
export const JOIN_CODE_LENGTH = 6;

/** The digits and letters no code contains, in order, as the join box names them to whoever types one. */
export const JOIN_CODE_REFUSED = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ']
  .filter((char) => !JOIN_CODE_ALPHABET.includes(char))
  .join(' ');

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const UINT64 = (1n << 64n) - 1n;

/** FNV-1a, 64 bits: small, the same in every runtime, and spreads close ids far apart. */
function fnv1a64(text: string): bigint {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & UINT64;
  return hash;
}

/** The join code of a game, from its id. */
export function joinCodeOf(gameId: string): string {
  let rest = fnv1a64(gameId);
  const base = BigInt(JOIN_CODE_ALPHABET.length);
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) {
    code += JOIN_CODE_ALPHABET[Number(rest % base)];
    rest /= base;
  }
  return code;
}

/** What people put between groups of characters: spaces, dashes, dots, underscores. */
const SEPARATORS = /[\s\-_.]/g;

/**
 * The code a person typed, as stored (upper case, separators dropped), or null when it cannot be
 * one: a wrong length, or a character outside the alphabet (a look-alike such as O or 1 included,
 * since no code contains either member of the pair).
 */
export function normaliseJoinCode(typed: string): string | null {
  const code = typed.replace(SEPARATORS, '').toUpperCase();
  if (code.length !== JOIN_CODE_LENGTH) return null;
  for (const char of code) if (!JOIN_CODE_ALPHABET.includes(char)) return null;
  return code;
}

/** A code as shown to people: two groups of three, easier to read aloud and to copy. */
export const formatJoinCode = (code: string): string => `${code.slice(0, 3)} ${code.slice(3)}`;
