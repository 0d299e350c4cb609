/**
 * What changed between two views of a game, small enough to send every week to every player
 * (issue 9: a week's update ≤ 2 KB). A view is plain JSON (objects, arrays, strings, numbers,
 * booleans, null). RFC 6902 JSON Patch repeats the whole path of every changed number
 * ("/facilities/0/numbers/products/0/stock"), which made a week's patch 2 to 3 KB; this patch
 * nests instead, so a path is written once for all the changes under it:
 *
 * - a patch is an object whose keys are the changed keys (or array indexes) of the node;
 * - `[value]` sets the key to `value`; `[]` removes it;
 * - an object (a patch) changes the node under the key, key by key.
 *
 * An array that got shorter is set whole (a week's lists only grow, or empty at the week's turn).
 */

export type ViewPatch = { [key: string]: ViewChange };
export type ViewChange = [] | [unknown] | ViewPatch;

/**
 * What a live subscription sends, numbered from 1: the whole view first, then patches, each to
 * apply to the view numbered `base`. A client holding another view than `base` re-reads the whole.
 * Between them come beats: the server saying, at least once a second while it can vouch for it,
 * that the view numbered `seq` is still the current one. A page that hears neither a view nor a
 * beat for a while knows its figures are stale (LIVE_VIEW_STALE_MS). `version`: the stream
 * version the view shows (a game's; a session's view, made of many streams, has none).
 */
export type LiveView<V> =
  | { seq: number; version?: number; view: V }
  | { seq: number; version?: number; base: number; patch: ViewPatch }
  | { seq: number; version?: number; beat: true };

/** A live view as a client holds it: the view numbered `seq`, showing the stream at `version`. */
export interface HeldView<V> {
  seq: number;
  view: V;
  version?: number;
}

/**
 * The view a client holds after `update`: a whole view replaces what it held, a patch applies to
 * the view it names as its base, a beat confirms the view it names (and the version it shows).
 * Null when the update does not follow the view held (a patch or a beat on another): the client
 * then reads the whole view again.
 */
export function nextHeldView<V extends object>(
  held: HeldView<V> | null,
  update: LiveView<V>,
): HeldView<V> | null {
  if ('view' in update) return { seq: update.seq, view: update.view, version: update.version };
  if (held === null) return null;
  if ('beat' in update)
    return held.seq !== update.seq ? null : { ...held, version: update.version ?? held.version };
  if (held.seq !== update.base) return null;
  try {
    return { seq: update.seq, view: applyViewPatch(held.view, update.patch), version: update.version };
  } catch {
    return null;
  }
}

/** How often a live view that has nothing new is confirmed by a beat (at most). */
export const LIVE_VIEW_BEAT_MS = 1_000;
/** How long a page holds a live view with no view and no beat before it says its figures are stale. */
export const LIVE_VIEW_STALE_MS = 2_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Whether two JSON values are equal, deeply. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}

/** The change that turns `previous` into `next`, or null when they are equal. */
function changeOf(previous: unknown, next: unknown): ViewChange | null {
  if (previous === next) return null;
  const sameKind = isObject(previous) && isObject(next) && Array.isArray(previous) === Array.isArray(next);
  const shrunk = Array.isArray(previous) && Array.isArray(next) && next.length < previous.length;
  if (!sameKind || shrunk) return sameJson(previous, next) ? null : [next];
  return diffViews(previous, next);
}

/** The patch that turns `previous` into `next` (two objects, or two arrays), or null when they are equal. */
export function diffViews(previous: object, next: object): ViewPatch | null {
  if (Array.isArray(next)) return diffArrays(previous as unknown[], next);
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  let patch: ViewPatch | null = null;
  for (const key in after) {
    if (!Object.hasOwn(after, key)) continue;
    const change: ViewChange | null = Object.hasOwn(before, key)
      ? changeOf(before[key], after[key])
      : [after[key]];
    if (change === null) continue;
    patch ??= {};
    setOwn(patch, key, change);
  }
  for (const key in before) {
    if (!Object.hasOwn(before, key) || Object.hasOwn(after, key)) continue;
    patch ??= {};
    setOwn(patch, key, []);
  }
  return patch;
}

/** An array's changes by index (`next` is no shorter than `previous`: changeOf sets a shorter one whole). */
function diffArrays(previous: unknown[], next: unknown[]): ViewPatch | null {
  let patch: ViewPatch | null = null;
  for (let i = 0; i < next.length; i++) {
    const change: ViewChange | null = i < previous.length ? changeOf(previous[i], next[i]) : [next[i]];
    if (change === null) continue;
    patch ??= {};
    patch[i] = change;
  }
  return patch;
}

/**
 * `view` with `patch` applied, as a new value: the nodes on a changed path are copied, the others
 * shared with `view` (so React sees which parts changed). Throws when the patch does not fit the
 * view (then the client re-reads the whole view).
 */
export function applyViewPatch<V extends object>(view: V, patch: ViewPatch): V {
  return applyNode(view, patch) as V;
}

function applyNode(node: unknown, patch: ViewPatch): unknown {
  if (!isObject(node)) throw new Error('the patch does not fit the view');
  const copy = (Array.isArray(node) ? [...node] : { ...node }) as Record<string, unknown>;
  for (const [key, change] of Object.entries(patch)) {
    if (Array.isArray(change)) {
      if (change.length === 0) delete copy[key];
      else setOwn(copy, key, change[0]);
    } else {
      setOwn(copy, key, applyNode(copy[key], change));
    }
  }
  return copy;
}

/** Sets an own property, even one named `__proto__` (an assignment would change the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
