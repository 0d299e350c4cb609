/** Consumer demand patterns the settings form offers beside a step and a list (issue 11). */
import { randomInt, seededRandom } from '../eventsourcing/random';
import type { DemandPattern } from './schemas';

/**
 * The weekly demand of a random pattern: for each of `weeks` weeks a whole number from `min` to
 * `max`, drawn from `seed`, so the same seed always gives the same class the same demand.
 */
export function randomDemand(pattern: DemandPattern, weeks: number): number[] {
  const random = seededRandom(pattern.seed);
  return Array.from({ length: weeks }, () => randomInt(random, pattern.min, pattern.max));
}
