import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a page's first load costs, measured on the build and held to a budget (issue 9):
 * a player's phone opens the game's intro page from the join link, then its play page, often on a
 * slow network. A route costs the entry chunk, its route's lazy chunk, every chunk those import
 * statically (Vite's manifest lists them) and the chunks it imports dynamically while it first
 * renders (`alsoLoads`), in gzipped bytes.
 */

/**
 * The aim of issue 9 for a player's pages: 150 KB. The browser build runs on Preact's React
 * compatibility layer and the player's pages check names without zod, which brought the play page
 * from 182.7 KB to 124.1 KB and the intro page from 198.5 KB to 121.6 KB (docs/benchmarks.md).
 */
export const PLAYER_PAGE_TARGET_BYTES = 150 * 1024;
/**
 * What fails the build: the target itself, with some 25 KB of room today for the features under
 * way (the map, messages), so that no change takes a player's first load above it unnoticed.
 */
export const PLAY_BUDGET_BYTES = PLAYER_PAGE_TARGET_BYTES;
/**
 * The intro page is a player's first page (join link, QR code): the same budget as the play page,
 * so that a class on phones waits no longer to join than to play.
 */
export const INTRO_BUDGET_BYTES = PLAY_BUDGET_BYTES;

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteCheck {
  /** The address, as the router matches it. */
  route: string;
  /** The route's module, its key in the manifest. */
  module: string;
  /** Modules it imports dynamically on its first render, keys in the manifest too. */
  alsoLoads?: string[];
  /** Above it the build fails. */
  budgetBytes?: number;
  /** Where it should get to: the report says how far it is. */
  targetBytes?: number;
}

/** Every page of the app; the player's pages carry a budget. */
export const ROUTES: RouteCheck[] = [
  { route: '/', module: 'routes/home.tsx' },
  { route: '/login', module: 'routes/auth.tsx' },
  { route: '/signup', module: 'routes/auth.tsx' },
  { route: '/dashboard/:tab', module: 'routes/dashboard.tsx' },
  {
    route: '/game/:id/intro',
    module: 'routes/game-intro.tsx',
    budgetBytes: INTRO_BUDGET_BYTES,
    targetBytes: PLAYER_PAGE_TARGET_BYTES,
  },
  {
    route: '/game/:id/play',
    module: 'routes/game-play.tsx',
    budgetBytes: PLAY_BUDGET_BYTES,
    targetBytes: PLAYER_PAGE_TARGET_BYTES,
  },
  { route: '/game/:id/results', module: 'routes/game-results.tsx' },
];

export interface RouteCost {
  route: string;
  jsFiles: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  budgetBytes: number | undefined;
  targetBytes: number | undefined;
  overBudget: boolean;
}

function entryKey(manifest: Manifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  return entry;
}

/** The chunks a first load of the route fetches: entry, route module, their static imports, in order. */
export function chunksLoadedFor(manifest: Manifest, check: RouteCheck): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key} (${check.route})`);
    if (seen.has(chunk.file)) return;
    seen.set(chunk.file, chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entryKey(manifest), check.module, ...(check.alsoLoads ?? [])]) visit(key);
  return [...seen.values()];
}

/** Gzipped size of each route's first load; `gzipSizeOf` reads a built file (a path relative to the build). */
export function measureRoutes(
  manifest: Manifest,
  gzipSizeOf: (file: string) => number,
  routes: RouteCheck[] = ROUTES,
): RouteCost[] {
  return routes.map((check) => {
    const chunks = chunksLoadedFor(manifest, check);
    const jsFiles = chunks.map((chunk) => chunk.file);
    const cssFiles = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
    const jsGzipBytes = jsFiles.reduce((sum, file) => sum + gzipSizeOf(file), 0);
    const cssGzipBytes = [...cssFiles].reduce((sum, file) => sum + gzipSizeOf(file), 0);
    const budgetBytes = check.budgetBytes;
    return {
      route: check.route,
      jsFiles,
      jsGzipBytes,
      cssGzipBytes,
      budgetBytes,
      targetBytes: check.targetBytes,
      overBudget: budgetBytes !== undefined && jsGzipBytes > budgetBytes,
    };
  });
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per route: gzipped JS (and CSS) of its first load, its chunk count and its budget. */
export function formatReport(costs: RouteCost[]): string[] {
  const width = Math.max(...costs.map((cost) => cost.route.length));
  return costs.map((cost) => {
    const budget =
      cost.budgetBytes === undefined
        ? ''
        : `, budget ${kilobytes(cost.budgetBytes)}${cost.overBudget ? ' OVER BUDGET' : ' ok'}`;
    const toGo = cost.targetBytes === undefined ? 0 : cost.jsGzipBytes - cost.targetBytes;
    const target =
      cost.targetBytes === undefined
        ? ''
        : `, target ${kilobytes(cost.targetBytes)}${toGo > 0 ? ` (${kilobytes(toGo)} to go)` : ' met'}`;
    const files = `${String(cost.jsFiles.length).padStart(2)} files`;
    return `${cost.route.padEnd(width)}  js ${kilobytes(cost.jsGzipBytes).padStart(9)} gzip in ${files}, css ${kilobytes(cost.cssGzipBytes)} gzip${budget}${target}`;
  });
}

/** Measures the build in `outDir`, prints the report, and throws when a route is over its budget. */
export function checkBundleBudget(outDir: string, print: (line: string) => void = console.log): RouteCost[] {
  const manifestFile = path.join(outDir, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const costs = measureRoutes(manifest, (file) => gzipSync(readFileSync(path.join(outDir, file))).length);
  print('First load of each page (gzipped; scripts/bundle-budget.ts):');
  for (const line of formatReport(costs)) print(`  ${line}`);
  const over = costs.filter((cost) => cost.overBudget);
  if (over.length > 0) {
    const routes = over.map((cost) => `${cost.route} ${kilobytes(cost.jsGzipBytes)}`).join(', ');
    throw new Error(`JavaScript over budget: ${routes} (see the lines above, and docs/benchmarks.md)`);
  }
  return costs;
}

// `tsx scripts/bundle-budget.ts [outDir]` checks an existing build without building again.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    checkBundleBudget(process.argv[2] ?? 'dist/client');
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
