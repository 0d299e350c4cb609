import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  caseName,
  chromiumFor,
  type FirstLoad,
  heaviestLocale,
  measureFirstLoads,
  PLAYER_ROUTES,
  type PlayerRoute,
  playerCases,
  ROUTE_PATTERNS,
} from './first-load';

/**
 * A player's first load of each player page, held to a budget (issue 24): what real Chromium
 * fetches before the page is usable (scripts/first-load.ts), per route and per player case, in
 * gzipped KB of 1,024 bytes. A class on phones, often on a school's crowded network, opens the
 * join link, the lobby and the game: those pages stay small whatever the game, the session or the
 * language; the results, where every player lands at the end, carry the debrief's charts.
 */
const KB = 1024;
// Raised from 150 / 250 KB for issue 28 (docs/benchmarks.md): every player page now carries the
// error reporter, the portal's look and the navigation bar's rules. To be won back.
export const JS_BUDGET_BYTES: Record<PlayerRoute, number> = {
  play: 156 * KB,
  intro: 156 * KB,
  lobby: 156 * KB,
  join: 156 * KB,
  results: 254 * KB,
};
/** Every player page's stylesheets. */
export const CSS_BUDGET_BYTES = 40 * KB;

export interface BudgetRow {
  load: FirstLoad;
  jsBudget: number;
  cssBudget: number;
  over: boolean;
}

/** Each first load against its route's budgets: over when its JavaScript or its CSS is above one. */
export function checkBudgets(loads: FirstLoad[]): BudgetRow[] {
  return loads.map((load) => {
    const jsBudget = JS_BUDGET_BYTES[load.route];
    return {
      load,
      jsBudget,
      cssBudget: CSS_BUDGET_BYTES,
      over: load.jsBytes > jsBudget || load.cssBytes > CSS_BUDGET_BYTES,
    };
  });
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** The table: route, case, JS, CSS, both, the budgets (JS / CSS), OK or OVER. */
export function formatTable(rows: BudgetRow[]): string[] {
  const table = [
    ['route', 'case', 'JS KB', 'CSS KB', 'total KB', 'budget KB (JS / CSS)', ''],
    ...rows.map(({ load, jsBudget, cssBudget, over }) => [
      ROUTE_PATTERNS[load.route],
      caseName(load),
      kb(load.jsBytes),
      kb(load.cssBytes),
      kb(load.jsBytes + load.cssBytes),
      `${kb(jsBudget)} / ${kb(cssBudget)}`,
      over ? 'OVER' : 'OK',
    ]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  // Figures right-aligned, words left-aligned.
  const numeric = [false, false, true, true, true, true, false];
  return table.map((line) =>
    line
      .map((cell, column) =>
        numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd(),
  );
}

export interface Options {
  only?: PlayerRoute;
  outDir: string;
}

const USAGE = `usage: tsx scripts/bundle-budget.ts [--only ${PLAYER_ROUTES.join('|')}] [dist/client]`;

export function parseOptions(args: string[]): Options {
  const options: Options = { outDir: 'dist/client' };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--only') {
      const route = args[++i];
      if (!PLAYER_ROUTES.includes(route as PlayerRoute))
        throw new Error(
          `--only takes one of ${PLAYER_ROUTES.join(', ')}, not ${route ?? 'nothing'}\n${USAGE}`,
        );
      options.only = route as PlayerRoute;
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}\n${USAGE}`);
    else options.outDir = arg;
  }
  return options;
}

/**
 * Measures the build, prints the table and returns whether every case is within its budgets.
 * Without Chromium the check is skipped with a message, or fails under CI (`CI` set).
 */
export async function checkBundleBudget(
  options: Options,
  print: (line: string) => void = console.log,
): Promise<boolean> {
  if (path.resolve(options.outDir) !== path.resolve('dist/client'))
    throw new Error(`the server serves dist/client only; build there (not ${options.outDir})`);
  if (!existsSync(path.join(options.outDir, 'index.html')))
    throw new Error(`no build in ${options.outDir}: run npm run build`);
  const browser = chromiumFor(process.env);
  if ('skipped' in browser) {
    print(`SKIPPED: ${browser.skipped}`);
    return true;
  }
  const heaviest = heaviestLocale(options.outDir);
  print(
    `First loads of a player's pages in Chromium, gzipped (scripts/bundle-budget.ts); the heaviest language: ${heaviest.locale} (${kb(heaviest.bytes)} KB of messages)`,
  );
  const rows = checkBudgets(
    await measureFirstLoads(playerCases(heaviest.locale, options.only), browser.executable),
  );
  for (const line of formatTable(rows)) print(`  ${line}`);
  const over = rows.filter((row) => row.over);
  if (over.length > 0)
    print(`${over.length} case(s) over budget (see the lines above, and docs/benchmarks.md)`);
  return over.length === 0;
}

// `tsx scripts/bundle-budget.ts [--only route]` checks an existing build (`npm run budget`).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const ok = await checkBundleBudget(parseOptions(process.argv.slice(2)));
    process.exitCode = ok ? 0 : 1;
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
