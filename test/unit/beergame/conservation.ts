/** Conservation of units in a beer game: what the property tests and the templates' tests check. */
import { expect } from 'vitest';
import { type BeerEvent, type BeerState, beergameDecider, CONSUMER } from '../../../src-shared/beergame';

/** Units of `pid` in the system: stocks, transit, production, this week's shipments not yet sent, sold to the consumer. */
function units(s: BeerState, pid: string): { present: number; produced: number } {
  let present = 0;
  let produced = 0;
  for (const f of s.facilities) {
    const p = f.products[pid];
    if (!p) continue;
    present += p.stock;
    const last = f.history[f.history.length - 1];
    if (last && last.order === null)
      for (const [client, q] of Object.entries(p.shippedBy)) if (client !== CONSUMER) present += q;
    for (const r of f.history) {
      const rp = r.products[pid];
      if (!rp) continue;
      present += rp.consumerShipped;
      produced += rp.produced;
    }
  }
  for (const t of s.transit) if (t.pid === pid) present += t.qty;
  for (const j of s.production) if (j.pid === pid) present += j.qty;
  return { present, produced };
}

/** Units of `pid` present before week 1: stocks and the start slots of shipments and production. */
function initialUnits(s: BeerState, pid: string): number {
  let total = 0;
  for (const f of s.config.facilities) {
    total += f.pdata[pid]?.stock ?? 0;
    for (const cap of Object.values(f.capabilities))
      if (cap.pid === pid) total += cap.leadtime * cap.startOrders;
  }
  return total;
}

/** Components consumed by production, from the bill of materials and the production started. */
function componentsUsed(s: BeerState, pid: string): number {
  let used = 0;
  for (const f of s.facilities) {
    const fc = s.config.facilities.find((x) => x.id === f.id)!;
    for (const cap of Object.values(fc.capabilities)) {
      if (cap.type !== 'production' || !cap.from || typeof cap.from !== 'object') continue;
      const n = cap.from[pid];
      if (!n) continue;
      for (const r of f.history) used += (r.products[cap.pid]?.produced ?? 0) * n;
    }
  }
  return used;
}

/**
 * In every state: units of each product are conserved (present + used as components = initial +
 * produced), stock and backlog are never negative, and the backlog is the sum of the clients'.
 */
export function expectConservation(events: BeerEvent[]): void {
  let s = beergameDecider.initialState;
  for (const [k, e] of events.entries()) {
    s = beergameDecider.evolve(s, e);
    for (const pid of s.config.productsTemplates.map((p) => p.id)) {
      const u = units(s, pid);
      expect(u.present + componentsUsed(s, pid), `units of ${pid} after event ${k} (${e.type})`).toBe(
        initialUnits(s, pid) + u.produced,
      );
    }
    for (const f of s.facilities)
      for (const p of Object.values(f.products)) {
        expect(p.stock).toBeGreaterThanOrEqual(0);
        expect(p.backlog).toBeGreaterThanOrEqual(0);
        expect(p.backlog).toBe(Object.values(p.backlogBy).reduce((a, b) => a + b, 0));
      }
  }
}
