/**
 * A live subscription's messages (issue 39): the server numbers its views, patches and beats
 * (src-server/trpc/live.ts, `liveViews`), a client holds what they make (src-shared/api/view-patch.ts,
 * `nextHeldView`). Whatever the views, the client holds the last one sent; a beat confirms only the
 * view it names; a message lost in between makes the client read the whole view again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { liveViews } from '../../src-server/trpc/live';
import {
  type HeldView,
  LIVE_VIEW_BEAT_MS,
  type LiveView,
  nextHeldView,
  sameJson,
} from '../../src-shared/api/view-patch';
import { assertProperty } from '../support/property';

type View = { week: number; orders: number[]; note?: string };

const view = fc.record(
  { week: fc.integer({ min: 1, max: 5 }), orders: fc.array(fc.nat(9), { maxLength: 3 }), note: fc.string() },
  { requiredKeys: ['week', 'orders'] },
);
/** What happens on the server, in order: a view computed (at a version), or a beat, some time apart. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('view' as const), view, version: fc.nat(50), after: fc.nat(1500) }),
  fc.record({ kind: fc.constant('beat' as const), version: fc.nat(50), after: fc.nat(1500) }),
);
type Step =
  | { kind: 'view'; view: View; version: number; after: number }
  | { kind: 'beat'; version: number; after: number };
const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** The messages the server sends for `steps`, on a clock the steps move. */
function sent(steps: Array<Step>) {
  let now = 0;
  const live = liveViews<View>(() => now);
  const messages: Array<{ message: LiveView<View>; last: View | null }> = [];
  let last: View | null = null;
  for (const s of steps) {
    now += s.after;
    const message = s.kind === 'view' ? live.view(s.view, s.version) : live.beat(s.version);
    if (s.kind === 'view' && message) last = s.view;
    if (message) messages.push({ message: roundTrip(message), last });
  }
  return messages;
}

describe('live views', () => {
  it('leave the client holding the last view sent, whatever views and beats came between', () => {
    assertProperty(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        let held: HeldView<View> | null = null;
        for (const { message, last } of sent(steps)) {
          held = nextHeldView(held, message);
          expect(held).not.toBeNull();
          expect(sameJson(held!.view, last)).toBe(true);
          expect(held!.version).toBe(message.version);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('make a client that missed one message read the whole view again', () => {
    assertProperty(
      fc.property(fc.array(step, { minLength: 2, maxLength: 25 }), fc.nat(), (steps, pick) => {
        const messages = sent(steps);
        // A first view, then something lost that the client would have needed: a patch or a beat
        // of a later view.
        fc.pre(messages.length >= 3);
        const lost = 1 + (pick % (messages.length - 2));
        fc.pre(!('view' in messages[lost]!.message));
        fc.pre(messages.slice(lost + 1).some(({ message }) => !('view' in message)));
        fc.pre('base' in messages[lost]!.message);
        let held: HeldView<View> | null = null;
        let refused = false;
        for (const [i, { message }] of messages.entries()) {
          if (i === lost) continue;
          held = nextHeldView(held, message);
          if (held === null) {
            refused = true;
            break;
          }
        }
        expect(refused).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('beat no more often than half a beat after anything sent, and never before the first view', () => {
    let now = 0;
    const live = liveViews<View>(() => now);
    expect(live.beat(1)).toBeNull();
    expect(live.view({ week: 1, orders: [] }, 1)).toEqual({
      seq: 1,
      version: 1,
      view: { week: 1, orders: [] },
    });
    now += LIVE_VIEW_BEAT_MS / 2 - 1;
    expect(live.beat(1)).toBeNull();
    now += 1;
    expect(live.beat(1)).toEqual({ seq: 1, version: 1, beat: true });
    // The same view again is not sent; a beat confirms it and its newer version.
    now += LIVE_VIEW_BEAT_MS;
    expect(live.view({ week: 1, orders: [] }, 2)).toBeNull();
    expect(live.beat(2)).toEqual({ seq: 1, version: 2, beat: true });
    expect(live.view({ week: 2, orders: [] }, 3)).toEqual({
      seq: 2,
      version: 3,
      base: 1,
      patch: { week: [2] },
    });
  });

  it('refuse a beat of another view than the one held', () => {
    const held = { seq: 3, view: { week: 2, orders: [] }, version: 7 };
    expect(nextHeldView(held, { seq: 3, version: 8, beat: true })).toEqual({ ...held, version: 8 });
    expect(nextHeldView(held, { seq: 4, version: 8, beat: true })).toBeNull();
    expect(nextHeldView(null, { seq: 1, beat: true })).toBeNull();
    // A session's view carries no version: the one held stays.
    expect(nextHeldView(held, { seq: 3, beat: true })).toEqual(held);
  });
});
