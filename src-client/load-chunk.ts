/**
 * Every piece of code the app loads on demand (pages, the lean game, the toasts, the QR code, a
 * language's words) comes through `loadChunk`. While the server is away a chunk cannot load: it is
 * tried again with backoff until the server answers, so the page waits (its loader shows) instead
 * of failing or reloading into the browser's "site can't be reached" page. A chunk still missing
 * while the server answers was replaced by a new version of the app: then, and only then, the page
 * reloads (spec point 2, "A failed dynamic module load triggers a page reload"), at most once a minute.
 */

/** Milliseconds before the next try: quick at first, never more than 5 s. */
export const chunkRetryDelayMs = (attempt: number) => Math.min(250 * 2 ** attempt, 5_000);

const RELOADED_AT = 'simgames.reloadedForNewVersion';
const RELOAD_AT_MOST_EVERY_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the server answers at all (its health check), whatever the chunk's fate. */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch('/healthz', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * Stylesheets of chunks that failed with them stay empty (Vite preloads a chunk's CSS once): a
 * stylesheet link without a sheet is put back, so the page that finally loads has its styles.
 */
function restoreFailedStylesheets(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.sheet) continue;
    const again = link.cloneNode() as HTMLLinkElement;
    link.replaceWith(again);
  }
}

/** Reloads for a new version of the app, unless the page did so a minute ago (a chunk gone for good). */
function reloadForNewVersion(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < RELOAD_AT_MOST_EVERY_MS) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
  return true;
}

/** `load()`'s module, tried again until the server is back; see the head of this file. */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  // A chunk that failed while the server answered: once more, it is a new version.
  let failedWhileUp = false;
  for (let attempt = 0; ; attempt++) {
    try {
      const loaded = await load();
      if (attempt > 0) restoreFailedStylesheets();
      return loaded;
    } catch (error) {
      const up = await serverAnswers();
      if (up && failedWhileUp) {
        if (reloadForNewVersion()) return new Promise<T>(() => undefined);
        throw error;
      }
      failedWhileUp = up;
      if (!up) await sleep(chunkRetryDelayMs(attempt));
    }
  }
}

/**
 * How long after a page's code is running the code it does not show at first (a dialog, the round
 * list, the charts below the fold) starts loading: a phone on a crowded network gets the page's
 * own code and data first, and the rest is there before it is asked for.
 */
export const PREFETCH_AFTER_MS = 5_000;

/**
 * Loads `load`'s chunk once the page's first load is over: PREFETCH_AFTER_MS later, when the
 * browser is idle. Returns what cancels it (a page left before). Its use does not wait for this:
 * it loads its chunk when needed, and `loadChunk` loads each chunk once.
 */
export function prefetchLater(load: () => Promise<unknown>): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    const run = () => void load().catch(() => undefined);
    if (window.requestIdleCallback) idle = window.requestIdleCallback(run);
    else run();
  }, PREFETCH_AFTER_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
