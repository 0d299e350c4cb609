/**
 * Step 2 of a week: orders due that week reach their supplier, production requests join the
 * facility's waiting list, and consumer demand reaches the facilities that sell to the end consumer.
 */
import { CONSUMER } from '../constants';
import type { BeerState, OrderInMail } from '../state';
import { consumerDemandAt, demandPlanOf } from './plans';

/** Delivers the mail due at week `w` (in place on the draft). */
export function ordersArrive(d: BeerState, w: number): void {
  const facilities = d.facilities;
  const index = d.index;
  const mail: OrderInMail[] = [];
  let waiting = d.waiting;
  for (const o of d.mail) {
    if (o.due !== w) {
      mail.push(o);
      continue;
    }
    if (o.to !== o.fid) {
      const p = facilities[index[o.to]!]!.products[o.pid]!;
      p.incoming += o.qty;
      p.incomingBy[o.fid] = (p.incomingBy[o.fid] ?? 0) + o.qty;
    } else {
      if (waiting === d.waiting) waiting = waiting.slice();
      waiting.push({ fid: o.fid, capId: o.capId, pid: o.pid, qty: o.qty, week: w });
      const f = facilities[index[o.fid]!]!;
      const bom = d.live[index[o.fid]!]!.capabilities[o.capId]?.from;
      // for...in rather than Object.entries: no arrays to allocate every week (same key order).
      if (bom && typeof bom === 'object') for (const c in bom) f.products[c]!.internal += o.qty * bom[c]!;
    }
  }
  d.mail = mail;
  d.waiting = waiting;
}

/** Consumer demand of week `w` reaches the consumer-facing facilities; the week's total is logged. */
export function consumerDemandArrives(d: BeerState, w: number): void {
  let demandTotal = 0;
  for (const pair of demandPlanOf(d.config).pairs) {
    let q = pair.byWeek[w];
    if (q === undefined) {
      q = consumerDemandAt(d.config, pair.fid, pair.pid, w);
      pair.byWeek[w] = q;
    }
    const p = d.facilities[d.index[pair.fid]!]!.products[pair.pid];
    if (!p) continue;
    demandTotal += q;
    p.incoming += q;
    p.incomingBy[CONSUMER] = (p.incomingBy[CONSUMER] ?? 0) + q;
  }
  d.demandLog.push({ week: w, total: demandTotal });
}
