/**
 * Pure readings of the lean game's view that its pages share: the clock's minute, which units wait
 * at a facility, where a batch on its way comes from, the tools of the line. No React here, so
 * the debrief's replay and the tests read the same rules.
 */
import { MINUTE_MS } from '../../../src-shared/leangame/constants';
import { leanMoveMinutes } from '../../../src-shared/leangame/rules';
import type { LeanGameView } from '../../../src-shared/leangame/view';

export type LeanFacilityView = LeanGameView['facilities'][number];
export type LeanProductView = LeanGameView['products'][number];
export type LeanTemplateView = LeanGameView['params']['productsTemplates'][number];

/** The displayed minute, in tenths: from the server's start time while the round runs, else the view's. */
export function clockMinute(view: LeanGameView, now: number): number {
  const start = view.params.game_start_at;
  if (start === null || !view.clock.active) return view.clock.minute;
  return Math.max(0, Math.floor((now - start) / (MINUTE_MS / 10)) / 10);
}

/** Whether the viewer sees the work (inbox, hand, units) of facility `f`. */
export const seesWorkOf = (view: LeanGameView, f: LeanFacilityView) =>
  view.isCreator || view.me === null || view.params.transparent || f.id === view.me;

/** A facility's units: arrived in its inbox, on their way to it, and in hand. */
export function unitsAt(view: LeanGameView, facilityId: string, now: number) {
  const inbox: LeanProductView[] = [];
  const coming: LeanProductView[] = [];
  const hand: LeanProductView[] = [];
  for (const p of view.products) {
    if (p.at !== facilityId) continue;
    if (p.place === 'hand') hand.push(p);
    else if (p.place === 'inbox') (p.arrivesAt > now ? coming : inbox).push(p);
  }
  return { inbox, coming, hand };
}

export const templateOf = (view: LeanGameView, templateId: string) =>
  view.params.productsTemplates.find((t) => t.id === templateId);

const facilityById = (view: LeanGameView, id: string | null | undefined) =>
  id ? view.facilities.find((f) => f.id === id) : undefined;

/**
 * Where a unit on its way to `p.at` comes from, read from the route every sheet follows
 * (warehouse, the stations of its operations, rework, quality control, warehouse): the view says
 * where a unit goes, not where it left. Undefined when it cannot tell.
 */
export function transitOrigin(view: LeanGameView, p: LeanProductView): LeanFacilityView | undefined {
  const to = facilityById(view, p.at);
  if (!to) return undefined;
  const ofType = (type: LeanFacilityView['type']) => view.facilities.find((f) => f.type === type);
  const done = p.ops.map((op, index) => ({ op, index })).filter(({ op }) => op.status !== 'todo');
  const lastPainter = facilityById(view, done[done.length - 1]?.op.by);
  const rework = ofType('rework');
  const qc = ofType('qualitycontrol');
  switch (to.type) {
    case 'warehouse':
      return qc ?? lastPainter;
    case 'rework':
      return qc;
    case 'qualitycontrol':
      return rework && p.ops.some((op) => op.by === rework.id) ? rework : lastPainter;
    case 'station':
      return done.length === 0 ? ofType('warehouse') : lastPainter;
    default:
      return undefined;
  }
}

/** Milliseconds a batch takes between two facilities (spec point 5). */
export const travelMs = (view: LeanGameView, from: LeanFacilityView, to: LeanFacilityView) =>
  Math.round(leanMoveMinutes(from.position, to.position, view.params.moveCellTime) * MINUTE_MS);

/** Every tool of the line's operations, in first-use order (what quality control and rework may hold). */
export function lineTools(view: LeanGameView): string[] {
  const tools: string[] = [];
  for (const t of view.params.productsTemplates)
    for (const op of t.operations) {
      const tool = `${op.shape}:${op.colour}`;
      if (!tools.includes(tool)) tools.push(tool);
    }
  return tools;
}

/**
 * The tools a facility may take up: a station its own; a rework desk any of the line's; quality
 * control too when the factory has no rework desk (it repaints then), else none.
 */
export function toolsOf(view: LeanGameView, f: LeanFacilityView): string[] {
  if (f.type === 'station') return f.tools;
  if (f.type === 'rework') return lineTools(view);
  if (f.type === 'qualitycontrol' && !view.facilities.some((o) => o.type === 'rework'))
    return lineTools(view);
  return [];
}
