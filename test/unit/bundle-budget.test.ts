import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CSS_BUDGET_BYTES,
  checkBudgets,
  formatTable,
  JS_BUDGET_BYTES,
  parseOptions,
} from '../../scripts/bundle-budget';
import { chromiumFor, type FirstLoad, heaviestLocale, playerCases } from '../../scripts/first-load';

/**
 * The budget check of scripts/bundle-budget.ts on made-up first loads (the measure itself, in
 * Chromium, runs on every build: `npm run build`): which cases it measures, what is over budget,
 * the table it prints, its options, and what it does without Chromium.
 */
const load = (overrides: Partial<FirstLoad>): FirstLoad => ({
  route: 'play',
  game: 'beer',
  inSession: false,
  locale: 'en',
  jsBytes: 0,
  cssBytes: 0,
  jsFiles: [],
  cssFiles: [],
  ...overrides,
});

describe('the cases measured', () => {
  it('covers every player route in English and the heaviest language, beer and lean, in and out of a session', () => {
    const cases = playerCases('cs');
    expect(new Set(cases.map((c) => c.route))).toEqual(
      new Set(['play', 'intro', 'lobby', 'join', 'results']),
    );
    for (const route of ['play', 'results'] as const) {
      const of = cases.filter((c) => c.route === route);
      expect(of.map((c) => `${c.game} ${c.inSession} ${c.locale}`).sort()).toEqual([
        'beer false cs',
        'beer false en',
        'beer true cs',
        'beer true en',
        'lean false cs',
        'lean false en',
      ]);
    }
  });

  it('measures one route with --only', () => {
    expect(new Set(playerCases('fr', 'lobby').map((c) => c.route))).toEqual(new Set(['lobby']));
  });

  it('finds the language whose every-page words weigh most in the build', () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'heaviest-locale-'));
    try {
      mkdirSync(path.join(outDir, '.vite'));
      // Incompressible bytes: the gzipped sizes keep their order.
      const sizes = { 'fr.js': 300, 'cs.js': 900, 'cs-lean.js': 5000, 'en.js': 2000 };
      for (const [file, bytes] of Object.entries(sizes))
        writeFileSync(path.join(outDir, file), randomBytes(bytes));
      const manifest = {
        '../locales/fr.json': { file: 'fr.js' },
        '../locales/cs.json': { file: 'cs.js' },
        '../locales/cs.json?lean': { file: 'cs-lean.js' },
        '../locales/en.json': { file: 'en.js' },
      };
      writeFileSync(path.join(outDir, '.vite/manifest.json'), JSON.stringify(manifest));
      expect(heaviestLocale(outDir).locale).toBe('cs');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

describe('the budgets', () => {
  it('holds play, intro, lobby and join to 156 KB of JavaScript, results to 254 KB (150 / 250 the aim), CSS to 40 KB', () => {
    expect(JS_BUDGET_BYTES).toEqual({
      play: 156 * 1024,
      intro: 156 * 1024,
      lobby: 156 * 1024,
      join: 156 * 1024,
      results: 254 * 1024,
    });
    expect(CSS_BUDGET_BYTES).toBe(40 * 1024);
  });

  it('is over one byte above the JavaScript budget, or the CSS one, and not at them', () => {
    const [atBoth, jsOver, cssOver, resultsAt] = checkBudgets([
      load({ jsBytes: 156 * 1024, cssBytes: 40 * 1024 }),
      load({ route: 'join', jsBytes: 156 * 1024 + 1 }),
      load({ route: 'intro', cssBytes: 40 * 1024 + 1 }),
      load({ route: 'results', jsBytes: 254 * 1024 }),
    ]);
    expect([atBoth!.over, jsOver!.over, cssOver!.over, resultsAt!.over]).toEqual([false, true, true, false]);
  });

  it('prints one row per case: route, case, JS, CSS, both, the budgets and OK or OVER', () => {
    const lines = formatTable(
      checkBudgets([
        load({ jsBytes: 100 * 1024, cssBytes: 36 * 1024 }),
        load({ route: 'results', game: 'lean', locale: 'cs', jsBytes: 255 * 1024, cssBytes: 1024 }),
        load({ route: 'lobby', inSession: true, jsBytes: 512, cssBytes: 512 }),
      ]),
    );
    expect(lines[0]).toMatch(/^route +case +JS KB +CSS KB +total KB +budget KB \(JS \/ CSS\)$/);
    expect(lines[1]).toMatch(/^\/game\/:id\/play +beer, en +100\.0 +36\.0 +136\.0 +156\.0 \/ 40\.0 +OK$/);
    expect(lines[2]).toMatch(/^\/game\/:id\/results +lean, cs +255\.0 +1\.0 +256\.0 +254\.0 \/ 40\.0 +OVER$/);
    expect(lines[3]).toMatch(
      /^\/session\/:sid\/lobby +beer in a session, en +0\.5 +0\.5 +1\.0 +156\.0 \/ 40\.0 +OK$/,
    );
  });
});

describe('the command', () => {
  it('takes --only with a player route, and refuses another', () => {
    expect(parseOptions(['--only', 'join'])).toEqual({ only: 'join', outDir: 'dist/client' });
    expect(() => parseOptions(['--only', 'dashboard'])).toThrow(
      /--only takes one of play, intro, lobby, join, results/,
    );
    expect(() => parseOptions(['--fast'])).toThrow(/unknown option --fast/);
  });

  it('finds Chromium as the browser tests do, skips without it, saying so, and fails instead under CI', () => {
    const missing = () => false;
    expect(chromiumFor({ CHROMIUM_PATH: '/nowhere/chromium' }, missing)).toEqual({
      skipped:
        'CHROMIUM_PATH is /nowhere/chromium, and there is no such file. The first loads are not measured.',
    });
    expect(() => chromiumFor({ CHROMIUM_PATH: '/nowhere/chromium', CI: '1' }, missing)).toThrow(
      /^CI=1, but: CHROMIUM_PATH is \/nowhere\/chromium/,
    );
    expect(chromiumFor({}, missing)).toMatchObject({ skipped: expect.stringContaining('chromium-browser') });
    expect(chromiumFor({}, (file) => file === '/usr/bin/chromium')).toEqual({
      executable: '/usr/bin/chromium',
    });
    // Ubuntu's package: the browser tests drive it, the budget measures with it.
    expect(chromiumFor({}, (file) => file === '/usr/bin/chromium-browser')).toEqual({
      executable: '/usr/bin/chromium-browser',
    });
  });
});
