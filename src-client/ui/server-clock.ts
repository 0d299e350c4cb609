import { useEffect, useState } from 'react';
import { trpc } from '../trpc';

/**
 * The server's clock as this device sees it: the offset between the two, measured once per page
 * from a `clock.now` round trip (the server's time is taken as the middle of the trip). Countdowns
 * use it so that a device whose clock is wrong still shows the server's deadline right.
 */
export function useServerOffset(): number {
  const utils = trpc.useUtils();
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    let cancelled = false;
    const sent = Date.now();
    utils.clock.now
      .fetch(undefined, { staleTime: 0 })
      .then(({ now: serverNow }) => {
        const received = Date.now();
        if (!cancelled) setOffset(serverNow - (sent + received) / 2);
      })
      .catch(() => {
        // Without an answer the device's clock is the best guess; the deadline still comes from the server.
      });
    return () => {
      cancelled = true;
    };
  }, [utils]);
  return offset;
}

/** Milliseconds left until `deadline` (server time), re-evaluated every quarter second; null without one. */
export function useTimeLeft(deadline: number | null): number | null {
  const offset = useServerOffset();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, deadline - (now + offset));
}
