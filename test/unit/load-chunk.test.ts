/** Issue 23, "Outages": code loaded on demand waits for a server that is away, and never reloads into an error page. */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkRetryDelayMs, loadChunk } from '../../src-client/load-chunk';

describe('every chunk the client loads on demand', () => {
  it('comes through loadChunk', () => {
    const folder = new URL('../../src-client/', import.meta.url);
    const bare: string[] = [];
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || file === 'load-chunk.ts') continue;
      // layering.test.ts's scratch files come and go while the suite runs (CI: ENOENT mid-read).
      if (/(^|\/)layering-[\w-]+\.ts$/.test(file)) continue;
      const source = readFileSync(new URL(file, folder), 'utf8');
      for (const match of source.matchAll(/(?<![\w.])import\(/g)) {
        const before = source.slice(Math.max(0, match.index - 20), match.index);
        if (!before.endsWith('loadChunk(() => '))
          bare.push(`${file}: ${source.slice(match.index, match.index + 60)}`);
      }
    }
    expect(bare).toEqual([]);
  });
});

describe('loadChunk', () => {
  let serverUp = false;
  const reload = vi.fn();
  const storage = new Map<string, string>();
  beforeEach(() => {
    vi.useFakeTimers();
    serverUp = false;
    reload.mockReset();
    storage.clear();
    vi.stubGlobal('fetch', async () => {
      if (!serverUp) throw new TypeError('Failed to fetch');
      return { ok: true };
    });
    vi.stubGlobal('window', { location: { reload } });
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    });
    vi.stubGlobal('document', { querySelectorAll: () => [] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tries again, with backoff, until the server is back, and then loads without a reload', async () => {
    let tries = 0;
    const chunk = loadChunk(async () => {
      tries++;
      if (!serverUp) throw new TypeError('Failed to fetch dynamically imported module');
      return { Page: 'the page' };
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tries).toBeGreaterThan(5);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(chunkRetryDelayMs(100));
    await expect(chunk).resolves.toEqual({ Page: 'the page' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once for a chunk gone while the server answers (a new version), and not again within a minute', async () => {
    serverUp = true;
    const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    void loadChunk(missing);
    await vi.advanceTimersByTimeAsync(100);
    expect(reload).toHaveBeenCalledTimes(1);
    const again = loadChunk(missing);
    await expect(again).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits between tries at most 5 s', () => {
    expect([0, 1, 2, 3, 10, 40].map(chunkRetryDelayMs)).toEqual([250, 500, 1000, 2000, 5000, 5000]);
  });
});
