/**
 * A product's balances at the start of a week, and the supply line: what `ProductState.onOrder`
 * means, which the week's steps keep up to date instead of recounting the pipelines.
 */
import type { BeerState, ProductState } from '../state';
import { facilityPlansOf } from './plans';

/** A product's state at the start of a week: its balances carried over, this week's flows at zero. */
export function freshProduct(
  stock: number,
  backlog: number,
  backlogBy: Record<string, number>,
  onOrder: number,
): ProductState {
  return {
    stock,
    backlog,
    backlogBy,
    received: 0,
    incoming: 0,
    incomingBy: {},
    internal: 0,
    shipped: 0,
    shippedBy: {},
    missed: 0,
    produced: 0,
    consumed: 0,
    onOrder,
  };
}

/**
 * Units ordered by facility `fid` for `pid` and not yet received, after this week's receipt: the
 * definition of `ProductState.onOrder`, which the engine keeps up to date instead of running this
 * count over the pipelines (used to start a game, and by the tests as the reference).
 */
export function supplyLine(s: BeerState, fid: string, pid: string): number {
  let total = 0;
  for (const o of s.mail) if (o.fid === fid && o.pid === pid) total += o.qty;
  for (const t of s.transit) if (t.to === fid && t.pid === pid) total += t.qty;
  for (const j of s.waiting) if (j.fid === fid && j.pid === pid) total += j.qty;
  for (const j of s.production) if (j.fid === fid && j.pid === pid) total += j.qty;
  const suppliers = facilityPlansOf(s.live)[s.index[fid]!]!.suppliers[pid];
  if (suppliers)
    for (const sid of suppliers) {
      const p = s.facilities[s.index[sid]!]!.products[pid];
      if (!p) continue;
      total += (p.backlogBy[fid] ?? 0) + (p.shippedBy[fid] ?? 0);
    }
  return total;
}
