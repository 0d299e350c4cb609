/**
 * What travels on each link of the supply-chain map, for a facility whose numbers the viewer may
 * see: goods on their way to it by source (a supplier, or itself for production) within its
 * visibility limit, and the orders it sent that are still in the mail to its suppliers.
 */
import type { BeerState } from './state';

/** Units of one product from one source arriving at the facility in `week`. */
export interface InboundGoods {
  from: string;
  pid: string;
  qty: number;
  week: number;
}

/** An order the facility sent that reaches `to` (its supplier, or itself for production) in `week`. */
export interface OrderOnTheWay {
  to: string;
  pid: string;
  qty: number;
  week: number;
}

/** Goods arriving at `fid` in weeks week+1 .. week+`visibleWeeks`, summed by source, product and week. */
export function inboundGoods(s: BeerState, fid: string, visibleWeeks: number): InboundGoods[] {
  const sums = new Map<string, InboundGoods>();
  const add = (from: string, pid: string, week: number, qty: number) => {
    if (qty <= 0 || week <= s.week || week > s.week + visibleWeeks) return;
    const key = `${from}\u0000${pid}\u0000${week}`;
    const entry = sums.get(key) ?? { from, pid, qty: 0, week };
    entry.qty += qty;
    sums.set(key, entry);
  };
  for (const t of s.transit) if (t.to === fid) add(t.from, t.pid, t.due, t.qty);
  for (const j of s.production) if (j.fid === fid) add(fid, j.pid, j.due ?? 0, j.qty);
  if (!s.finished) {
    const fc = s.live[s.index[fid]!]!;
    for (const cap of Object.values(fc.capabilities)) {
      if (cap.type !== 'purchase') continue;
      const from = cap.from as string;
      const shipped = s.facilities[s.index[from]!]!.products[cap.pid]?.shippedBy[fid] ?? 0;
      add(from, cap.pid, s.week + cap.leadtime, shipped);
    }
  }
  return [...sums.values()].sort((a, b) => a.week - b.week);
}

/** The orders `fid` sent in past weeks that have not yet reached their supplier. */
export function ordersOnTheWay(s: BeerState, fid: string): OrderOnTheWay[] {
  return s.mail
    .filter((o) => o.fid === fid && o.due > s.week)
    .map((o) => ({ to: o.to, pid: o.pid, qty: o.qty, week: o.due }))
    .sort((a, b) => a.week - b.week);
}
