/**
 * The play page's readings of the lean view (src-client/features/leangame/floor.ts) against a
 * computer-played round: a batch on its way is drawn from the facility that sent it, a facility's
 * units split into arrived, coming and in hand, and the clock counts tenths from the start.
 */
import { describe, expect, it } from 'vitest';
import {
  clockMinute,
  lineTools,
  seesWorkOf,
  toolsOf,
  transitOrigin,
  unitsAt,
} from '../../../src-client/features/leangame/floor';
import {
  evolveLeanGame,
  initialLeanState,
  type LeanEvent,
  type LeanState,
  simulateLeanRound,
  viewLeanGame,
} from '../../../src-shared/leangame';

const eventAt = (event: LeanEvent) => ('at' in event.data ? (event.data.at as number) : 0);

/** The game folded up to `instant`, and who sent each unit last before it. */
function at(scenarioId: string, minute: number) {
  const round = simulateLeanRound({ scenarioId, minutes: 6, seed: 3 });
  const start = round.state.startAt!;
  const instant = start + minute * 60_000;
  let state: LeanState = initialLeanState;
  const sender: Record<string, string> = {};
  for (const event of round.events) {
    if (event.type !== 'LeanGameCreated' && eventAt(event) > instant) break;
    state = evolveLeanGame(state, event);
    if (event.type === 'BatchSent')
      for (const id of event.data.productIds) sender[id] = event.data.facilityId;
  }
  return { state, instant, sender };
}

describe.each(['workshop4-choose', 'factory7-choose'])('%s floor readings', (scenarioId) => {
  it('draws every batch on its way from the facility that sent it', () => {
    let checked = 0;
    for (let tenth = 5; tenth < 55; tenth += 1) {
      const { state, instant, sender } = at(scenarioId, tenth / 10);
      const view = viewLeanGame(state, { userId: 'someone', role: 'player' }, instant)!;
      for (const p of view.products) {
        if (p.place !== 'inbox' || p.arrivesAt <= instant) continue;
        expect(transitOrigin(view, p)?.id, `${p.id} at ${tenth / 10}`).toBe(sender[p.id]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('splits a facility’s units into arrived, coming and in hand, and reads the clock', () => {
    const { state, instant } = at(scenarioId, 3.05);
    const view = viewLeanGame(state, { userId: 'someone', role: 'player' }, instant)!;
    let total = 0;
    for (const f of view.facilities) {
      const { inbox, coming, hand } = unitsAt(view, f.id, instant);
      expect(inbox.every((p) => p.arrivesAt <= instant)).toBe(true);
      expect(coming.every((p) => p.arrivesAt > instant)).toBe(true);
      total += inbox.length + coming.length + hand.length;
      expect(seesWorkOf(view, f)).toBe(true);
    }
    expect(total).toBe(view.products.length);
    expect(clockMinute(view, instant)).toBe(3);
    expect(clockMinute(view, instant + 6_000)).toBe(3.1);
  });

  it('offers a station its own tools and the desk that repaints any tool of the line', () => {
    const { state, instant } = at(scenarioId, 1);
    const view = viewLeanGame(state, { userId: 'someone', role: 'player' }, instant)!;
    const tools = lineTools(view);
    const station = view.facilities.find((f) => f.type === 'station')!;
    expect(toolsOf(view, station)).toEqual(station.tools);
    const qc = view.facilities.find((f) => f.type === 'qualitycontrol')!;
    const reworkDesk = view.facilities.find((f) => f.type === 'rework');
    // Quality control repaints only in a factory without a rework desk.
    expect(toolsOf(view, qc)).toEqual(reworkDesk ? [] : tools);
    if (reworkDesk) expect(toolsOf(view, reworkDesk)).toEqual(tools);
    expect(toolsOf(view, view.facilities.find((f) => f.type === 'warehouse')!)).toEqual([]);
    expect(new Set(view.facilities.flatMap((f) => f.tools))).toEqual(new Set(tools));
  });
});
