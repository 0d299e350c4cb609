import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkBundleBudget,
  chunksLoadedFor,
  type Manifest,
  measureRoutes,
  PLAY_BUDGET_BYTES,
  ROUTES,
} from '../../scripts/bundle-budget';

/**
 * The budget check of scripts/bundle-budget.ts on a fake build: what a route's first load counts,
 * and that the build fails when the play page is above its budget.
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['routes/game-play.tsx', 'routes/dashboard.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_table.js': { file: 'assets/table.js', imports: ['_vendor.js'] },
  '_charts.js': { file: 'assets/charts.js' },
  'routes/game-play.tsx': { file: 'assets/play.js', imports: ['_table.js', 'index.html'] },
  'routes/dashboard.tsx': {
    file: 'assets/dashboard.js',
    imports: ['_table.js'],
    dynamicImports: ['_charts.js'],
  },
};

const play = { route: '/game/:id/play', module: 'routes/game-play.tsx', budgetBytes: 1000 };

describe('the first load of a route', () => {
  it('counts the entry, the route and their static imports once each, not their dynamic imports', () => {
    expect(chunksLoadedFor(manifest, play).map((chunk) => chunk.file)).toEqual([
      'assets/index.js',
      'assets/vendor.js',
      'assets/play.js',
      'assets/table.js',
    ]);
  });

  it('counts what the route loads as it first renders when told', () => {
    const dashboard = { route: '/dashboard', module: 'routes/dashboard.tsx', alsoLoads: ['_charts.js'] };
    expect(chunksLoadedFor(manifest, dashboard).map((chunk) => chunk.file)).toContain('assets/charts.js');
  });

  it('sums the gzipped sizes of its files, and its CSS apart', () => {
    const [cost] = measureRoutes(manifest, () => 100, [play]);
    expect(cost).toMatchObject({ jsGzipBytes: 400, cssGzipBytes: 100, overBudget: false });
  });

  it('is over budget one byte above it', () => {
    const sizes: Record<string, number> = { 'assets/index.js': 601, 'assets/play.js': 400 };
    const [cost] = measureRoutes(manifest, (file) => sizes[file] ?? 0, [play]);
    expect(cost).toMatchObject({ jsGzipBytes: 1001, overBudget: true });
  });

  it('refuses a manifest that names a chunk it lacks', () => {
    expect(() => chunksLoadedFor(manifest, { route: '/x', module: 'routes/x.tsx' })).toThrow(/no chunk/);
  });
});

describe('the build step', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  /** A build whose every route module is `routeBytes` of incompressible bytes. */
  function fakeBuild(routeBytes: number) {
    mkdirSync(path.join(outDir, '.vite'), { recursive: true });
    mkdirSync(path.join(outDir, 'assets'), { recursive: true });
    const built: Manifest = { 'index.html': { file: 'assets/index.js', isEntry: true } };
    writeFileSync(path.join(outDir, 'assets/index.js'), 'export {};');
    for (const route of ROUTES) {
      const file = `assets/${path.basename(route.module, '.tsx')}.js`;
      built[route.module] = { file, imports: ['index.html'] };
      writeFileSync(path.join(outDir, file), randomBytes(routeBytes));
    }
    writeFileSync(path.join(outDir, '.vite/manifest.json'), JSON.stringify(built));
  }

  it('prints one line per route and passes under the budget', () => {
    fakeBuild(10_000);
    const lines: string[] = [];
    const costs = checkBundleBudget(outDir, (line) => lines.push(line));
    expect(costs.map((cost) => cost.route)).toEqual(ROUTES.map((route) => route.route));
    expect(lines).toHaveLength(ROUTES.length + 1);
    expect(lines.find((line) => line.includes('/game/:id/play'))).toMatch(/budget 150\.0 KB ok/);
  });

  it('fails above the play budget, naming the page', () => {
    fakeBuild(PLAY_BUDGET_BYTES + 1024);
    const lines: string[] = [];
    expect(() => checkBundleBudget(outDir, (line) => lines.push(line))).toThrow(
      /over budget: .*\/game\/:id\/play/,
    );
    expect(lines.find((line) => line.includes('/game/:id/play'))).toMatch(/OVER BUDGET/);
  });
});
