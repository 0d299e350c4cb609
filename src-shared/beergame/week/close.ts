/** Closing a week: step 6 (send), then steps 0–4 of the next week, or the end of the game. */
import type { ComputerOrder } from '../events';
import { type BeerState, cloneState, type FacilityState, type ProductState } from '../state';
import { beginWeek } from './begin';
import { facilityPlansOf, routesOf } from './plans';
import { freshProduct } from './product';
import { type Sending, sendFacility } from './send';

/**
 * Closes week `s.week`: step 6 (send this week's shipments and orders; `computerOrders` are the
 * orders of the week-closing event for the capabilities nobody ordered for), then steps 0–4 of the
 * next week, or the end.
 */
export function closeWeek(
  s: BeerState,
  computerOrders: readonly ComputerOrder[],
  deadline: number | null,
): BeerState {
  const w = s.week;
  const last = w >= s.config.weeks;
  const out: Sending = {
    week: w,
    last,
    routes: routesOf(s.config),
    plans: facilityPlansOf(s.live),
    transit: s.transit.slice(),
    mail: s.mail.slice(),
    draw: { rng: s.rng },
    nextProducts: productsForNextWeek(s, last),
    computerOrders,
  };
  const facilities: FacilityState[] = new Array(s.facilities.length);
  for (let i = 0; i < s.facilities.length; i++) facilities[i] = sendFacility(s, i, out);
  const next = cloneState(s);
  next.rng = out.draw.rng;
  next.facilities = facilities;
  next.transit = out.transit;
  next.mail = out.mail;
  next.proposals = [];
  next.allocations = [];
  next.deadline = deadline;
  next.demandLog = last ? s.demandLog : s.demandLog.slice();
  if (last) {
    next.finished = true;
    next.deadline = null;
    return next;
  }
  next.week = w + 1;
  beginWeek(next, w + 1);
  return next;
}

/**
 * The facilities' products for the next week, fresh objects since shipments and orders change what
 * is on order (the last week's are copies that keep the week's flows, for the final state).
 */
function productsForNextWeek(s: BeerState, last: boolean): Array<Record<string, ProductState>> {
  const nextProducts: Array<Record<string, ProductState>> = new Array(s.facilities.length);
  for (let i = 0; i < s.facilities.length; i++) {
    const products: Record<string, ProductState> = {};
    const current = s.facilities[i]!.products;
    for (const pid in current) {
      const p = current[pid]!;
      products[pid] = last ? { ...p } : freshProduct(p.stock, p.backlog, p.backlogBy, p.onOrder);
    }
    nextProducts[i] = products;
  }
  return nextProducts;
}
