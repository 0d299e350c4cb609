/** Step 1 of a week: shipments and production due that week enter stock. */
import type { BeerState, InTransit, ProductionJob } from '../state';

/** Receives what is due at week `w` (in place on a draft whose products are fresh copies). */
export function receive(d: BeerState, w: number): void {
  const facilities = d.facilities;
  const index = d.index;
  const transit: InTransit[] = [];
  for (const t of d.transit) {
    if (t.due === w) {
      const p = facilities[index[t.to]!]!.products[t.pid]!;
      p.stock += t.qty;
      p.received += t.qty;
      p.onOrder -= t.qty;
    } else transit.push(t);
  }
  d.transit = transit;
  const production: ProductionJob[] = [];
  for (const job of d.production) {
    if (job.due === w) {
      const p = facilities[index[job.fid]!]!.products[job.pid]!;
      p.stock += job.qty;
      p.received += job.qty;
      p.onOrder -= job.qty;
    } else production.push(job);
  }
  d.production = production;
}
