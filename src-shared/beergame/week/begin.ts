/** Steps 0 to 4 of a week (rules "One week, in this order"), each in its own module. */
import type { BeerState } from '../state';
import { applyScheduled, hasScheduled } from './changes';
import { fillAndAccount } from './fill';
import { consumerDemandArrives, ordersArrive } from './orders';
import { startProduction } from './produce';
import { receive } from './receive';

/**
 * Runs steps 0–4 of week `w` in place on a draft whose facilities, products and history arrays
 * are fresh copies (`setupGame`, `closeWeek`); what it replaces elsewhere it replaces, not mutates.
 */
export function beginWeek(d: BeerState, w: number): void {
  // Steps with nothing to do are not called: most games schedule nothing, and a call that V8 does
  // not inline costs a measurable share of a week (docs/benchmarks.md, "Beer game engine").
  if (hasScheduled(d.config)) applyScheduled(d, w);
  receive(d, w);
  ordersArrive(d, w);
  if (d.waiting.length > 0) startProduction(d, w);
  consumerDemandArrives(d, w);
  fillAndAccount(d, w);
}
