/**
 * Step 2 of a week, in the factory: waiting production requests start as far as their components
 * allow (none start without them), consuming the components and costing `productionCost` a unit.
 */
import type { BeerState, ProductionJob } from '../state';

const NO_COMPONENTS: Readonly<Record<string, number>> = {};

/** Starts what production it can at week `w` (in place on the draft, after `receive`). */
export function startProduction(d: BeerState, w: number): void {
  if (d.waiting.length === 0) return;
  const still: ProductionJob[] = [];
  for (const job of d.waiting) {
    const i = d.index[job.fid]!;
    const f = d.facilities[i]!;
    const cap = d.live[i]!.capabilities[job.capId];
    if (!cap) {
      // The request is dropped: no longer on order.
      const p = f.products[job.pid];
      if (p) p.onOrder -= job.qty;
      continue;
    }
    const bom = cap.from && typeof cap.from === 'object' ? cap.from : NO_COMPONENTS;
    let possible = job.qty;
    for (const c in bom) possible = Math.min(possible, Math.floor(f.products[c]!.stock / bom[c]!));
    if (possible > 0) {
      for (const c in bom) {
        const n = bom[c]!;
        const p = f.products[c]!;
        p.stock -= possible * n;
        p.consumed += possible * n;
      }
      f.products[job.pid]!.produced += possible;
      f.weekCost += possible * cap.productionCost;
      d.production.push({
        fid: job.fid,
        capId: job.capId,
        pid: job.pid,
        qty: possible,
        week: w,
        due: w + cap.leadtime,
      });
    }
    if (possible < job.qty) still.push({ ...job, qty: job.qty - possible });
  }
  d.waiting = still;
}
