import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A player's phone loads the game pages only: not the instructor's dashboard, nor the log-in and
 * sign-up forms. Read from the build (`npm test` builds before it runs the tests): a page loads the
 * entry chunk, its route's chunk and their static imports, as Vite's manifest lists them;
 * `chunk-modules.json` (written by vite.config.ts) says which source modules those chunks hold.
 */
const buildInfo = 'dist/client/.vite';
const PLAYER_PAGES = ['routes/game-intro.tsx', 'routes/game-play.tsx', 'routes/game-results.tsx'];
const INSTRUCTOR_PAGES = ['routes/dashboard.tsx', 'routes/auth.tsx'];
/** What players never need: the instructor's pages and the features behind them. */
const instructorOnly = (module: string) =>
  INSTRUCTOR_PAGES.includes(module) || /^features\/(dashboard|auth)\//.test(module);

/** Modules of their own chunks, loaded on first use (src-client/auth.ts, ui/layout.tsx, ui/toasts.tsx). */
const DEFERRED = ['auth-client.ts', 'ui/header-menu.tsx'];

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

function readBuildInfo<T>(name: string): T {
  const file = path.join(buildInfo, name);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run \`npm run build\` before this test (npm test does).`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

const manifest = readBuildInfo<Record<string, ManifestChunk>>('manifest.json');
const chunkModules = readBuildInfo<Record<string, string[]>>('chunk-modules.json');

/** The source modules loaded before a route shows: those of the entry, its chunk and their imports. */
function modulesLoadedFor(route: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(route);
  return [...files].flatMap((file) => chunkModules[file] ?? []);
}

describe('the code a page loads', () => {
  it.each(INSTRUCTOR_PAGES)('%s brings its own modules (the build info is read right)', (page) => {
    expect(modulesLoadedFor(page)).toContain(page);
  });

  it.each(PLAYER_PAGES)('%s loads nothing of the dashboard or the log-in and sign-up forms', (page) => {
    const modules = modulesLoadedFor(page);
    expect(modules).toContain(page);
    expect(modules.filter(instructorOnly)).toEqual([]);
  });

  // Loaded when used (a sign-in, a click on a header menu, a toast), not with a player's page.
  it.each(PLAYER_PAGES)('%s loads better-auth, the header menus and the toasts only when used', (page) => {
    const modules = modulesLoadedFor(page);
    expect(modules).toContain('ui/toasts.tsx');
    expect(modules.filter((module) => DEFERRED.includes(module))).toEqual([]);
  });
});
