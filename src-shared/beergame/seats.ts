/**
 * Seats a player may take (spec `allowJoinRandom`: join a random free role). The choice is a pure
 * function of the state and a seed string (the command id), so a retried command picks the same seat.
 */
import { nextRandom } from '../eventsourcing/random';
import type { BeerState } from './state';

/** The facilities nobody holds and the computer does not play, in network order. */
export function freeSeatIds(s: BeerState): string[] {
  return s.facilities.filter((f) => f.userId === null && !f.computer).map((f) => f.id);
}

/** A 32-bit FNV-1a hash of a string: the seed of the draw. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** One free seat drawn evenly with `seed`, or null when every seat is taken. */
export function randomFreeSeat(s: BeerState, seed: string): string | null {
  const free = freeSeatIds(s);
  if (free.length === 0) return null;
  const { value } = nextRandom(hashText(seed));
  return free[Math.floor(value * free.length)]!;
}
