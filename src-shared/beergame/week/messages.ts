/** The automatic messages of a configuration: sent once to a facility whose backlog or stock crosses its threshold. */
import type { BeerMessage, BeerState } from '../state';

/** Sends facility `fid` the backlog or stock message of week `w` if it crosses a threshold (in place on the draft). */
export function sendAutomaticMessages(
  d: BeerState,
  fid: string,
  backlog: number,
  stock: number,
  w: number,
): void {
  const bm = d.config.configMessages.backlogMessage;
  const sm = d.config.configMessages.stockMessage;
  if (bm && backlog > bm.threshold && !d.sentTo.backlog.includes(fid)) {
    d.sentTo = { ...d.sentTo, backlog: [...d.sentTo.backlog, fid] };
    d.messages = [...d.messages, autoMessage('backlog', fid, bm.message, w)];
  }
  if (sm && stock > sm.threshold && !d.sentTo.stock.includes(fid)) {
    d.sentTo = { ...d.sentTo, stock: [...d.sentTo.stock, fid] };
    d.messages = [...d.messages, autoMessage('stock', fid, sm.message, w)];
  }
}

function autoMessage(kind: 'backlog' | 'stock', fid: string, text: string, week: number): BeerMessage {
  return { id: `${kind[0]}-${fid}`, to: [fid], text, week, kind, at: null };
}
