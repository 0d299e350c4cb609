import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { rederive } from '../../../src-server/cli/rederive-beergame';
import { simulateBeerGame } from '../../../src-server/cli/simulate-beergame';
import {
  BEERGAME_RULES_VERSION,
  type BeerEvent,
  beerDebriefFigures,
  beergameDecider,
  counterfactual,
  runSimulation,
  trajectory,
} from '../../../src-shared/beergame';
import { fold } from '../../../src-shared/eventsourcing';
import {
  type EventLogLine,
  fromEventLogLine,
  parseEventLogLine,
} from '../../../src-shared/eventsourcing/event-log';
import { assertAsyncProperty } from '../../support/property';

const folder = mkdtempSync(path.join(tmpdir(), 'rederive-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
/** A file of the test's own folder holding `text`. */
function file(text: string, ext = 'jsonl'): string {
  const name = path.join(folder, `${++files}.${ext}`);
  writeFileSync(name, text);
  return name;
}

/** Runs a command in process, its standard output and error captured. */
async function run(command: (args: string[]) => Promise<number>, args: string[]) {
  let out = '';
  let err = '';
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err += String(chunk);
    return true;
  });
  try {
    const code = await command(args);
    return { code, out, err };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

const lines = (text: string): EventLogLine[] => text.trim().split('\n').map(parseEventLogLine);
const foldLog = (log: EventLogLine[]) =>
  fold(
    beergameDecider,
    log.map((l) => fromEventLogLine(l) as BeerEvent),
  );
const jsonOf = (value: unknown) => JSON.parse(JSON.stringify(value));

/** Two stages, order and delivery one week each, lead times drawn one week either side. */
const twoStages = {
  weeks: 10,
  productsTemplates: [{ id: 'p1', name: 'Beer', productEmoji: '🍺' }],
  consumerDemand: [2, 6, 6, 2, 9],
  facilities: [
    {
      id: 'shop',
      name: 'Shop',
      pdata: { p1: { stock: 4 } },
      capabilities: { A1: { from: 'plant', ordertime: 1, leadtime: 2, leadtimeVariability: 1 } },
    },
    {
      id: 'plant',
      name: 'Plant',
      capabilities: { A1: { type: 'production', from: {}, ordertime: 1, leadtime: 1 } },
    },
  ],
};
/** A shop and a hub making the beer from malt bought from a farm. */
const bom = {
  weeks: 8,
  productsTemplates: [
    { id: 'p1', name: 'Beer', productEmoji: '🍺' },
    { id: 'malt', name: 'Malt', productEmoji: '🌾' },
  ],
  consumerDemand: [3, 6, 9],
  facilities: [
    { id: 'shop', name: 'Shop', capabilities: { A1: { from: 'hub', leadtimeVariability: 2 } } },
    {
      id: 'hub',
      name: 'Hub',
      pdata: { p1: { maxShipQty: 9 }, malt: { stock: 20 } },
      capabilities: {
        A1: { type: 'production', from: { malt: 2 }, leadtime: 2 },
        A2: { pid: 'malt', from: 'farm', startOrders: 6 },
      },
    },
    {
      id: 'farm',
      name: 'Farm',
      pdata: { malt: { stock: 30 } },
      capabilities: { A1: { pid: 'malt', type: 'production', from: {} } },
    },
  ],
};

const POLICIES = ['passthrough', 'fixed:5', 'basestock:20', 'sterman:0.36,0.26,0.34,17'];
const game = fc.oneof(
  fc.record({ template: fc.constant('classic'), weeks: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ config: fc.constantFrom(twoStages, bom) }),
);

describe('simulate --format events, folded by rederive, gives the debrief of the simulated game', () => {
  afterEach(() => vi.restoreAllMocks());

  it('on generated games: the same team cost as --format json, the same figures as the fold in process', async () => {
    const configFiles = new Map([twoStages, bom].map((c) => [c, file(JSON.stringify(c), 'json')]));
    await assertAsyncProperty(
      fc.asyncProperty(
        game,
        fc.integer({ min: -1000, max: 1000 }),
        fc.constantFrom(...POLICIES),
        async (g, seed, policy) => {
          const args =
            'template' in g
              ? ['--template', g.template, '--weeks', String(g.weeks)]
              : ['--config', configFiles.get(g.config)!];
          args.push('--seed', String(seed), '--policy', policy);
          const json = await run(simulateBeerGame, [...args, '--format', 'json']);
          const events = await run(simulateBeerGame, [...args, '--format', 'events']);
          expect([json.code, events.code]).toEqual([0, 0]);
          const rederived = await run(rederive, [file(events.out)]);
          expect(rederived.code, rederived.err).toBe(0);
          const figures = JSON.parse(rederived.out);
          expect(figures.teamCost).toBe(JSON.parse(json.out).totals.teamCost);

          const folded = foldLog(lines(events.out));
          expect(figures).toEqual(jsonOf(beerDebriefFigures(folded)));
          const simulated = runSimulation({
            ...('template' in g ? { template: 'classic' as const, weeks: g.weeks } : { config: g.config }),
            policies: [policy],
            seed,
            gameId: `sim-${seed}`,
          });
          expect(folded).toEqual(simulated.state);
          expect(trajectory(folded)).toEqual(JSON.parse(json.out));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('prints the log with positions and versions from 1, at a fixed time, by the system', async () => {
    const args = ['--weeks', '3', '--seed', '7', '--format', 'events'];
    const first = await run(simulateBeerGame, args);
    const again = await run(simulateBeerGame, args);
    expect(first.out).toBe(again.out);
    const log = lines(first.out);
    // Created, four seats handed to the computer, three closes.
    expect(log.map((l) => l.type)).toEqual([
      'GameCreated',
      ...Array(4).fill('RoleHandedToComputer'),
      ...Array(3).fill('WeekClosed'),
    ]);
    log.forEach((l, i) => {
      expect(l).toMatchObject({
        position: i + 1,
        stream: 'game-sim-7',
        version: i + 1,
        recordedAt: '1970-01-01T00:00:00.000Z',
        actor: null,
        actorRole: 'system',
        rulesVersion: BEERGAME_RULES_VERSION,
      });
    });
    expect(Object.keys(log[0]!)).toEqual([
      'position',
      'stream',
      'version',
      'type',
      'data',
      'recordedAt',
      'actor',
      'actorRole',
      'rulesVersion',
    ]);
  });

  it('pipes one game from one real process to the other', () => {
    const tsx = path.resolve('node_modules/.bin/tsx');
    const args = '--weeks 12 --policy sterman:0.36,0.26,0.34,17 --seed 3';
    const piped = spawnSync(
      'sh',
      [
        '-c',
        `${tsx} src-server/cli/simulate.ts ${args} --format events | ${tsx} src-server/cli/rederive.ts -`,
      ],
      { encoding: 'utf8' },
    );
    expect(piped.status, piped.stderr).toBe(0);
    const expected = runSimulation({ weeks: 12, policies: ['sterman:0.36,0.26,0.34,17'], seed: 3 });
    expect(JSON.parse(piped.stdout).teamCost).toBe(trajectory(expected.state).totals.teamCost);
  }, 30_000);
});

describe('rederive', () => {
  afterEach(() => vi.restoreAllMocks());

  const simulated = async (seed: number) =>
    (await run(simulateBeerGame, ['--weeks', '4', '--seed', String(seed), '--format', 'events'])).out;

  it('prints its usage', async () => {
    const help = await run(rederive, ['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run --silent rederive');
    const none = await run(rederive, []);
    expect(none.code).toBe(2);
    expect(none.err).toContain('Usage');
  });

  it('names the line that is not an event of the log, and exits 2', async () => {
    const log = (await simulated(1)).split('\n');
    const cases: Array<[string[], string]> = [
      [[log[0]!, 'not json'], 'line 2: not JSON'],
      [[log[0]!, '{"position":2}'], 'line 2: stream: '],
      [[log[0]!, log[2]!], 'line 2: game-sim-1 version 3 where 2 was due'],
      [[log[1]!], 'line 1: game-sim-1 version 2 where 1 was due'],
      [
        [log[0]!, '', log[1]!.replace('"RoleHandedToComputer"', '"RoleStolen"')],
        'line 3: unknown beer game event RoleStolen',
      ],
      [[log[0]!, log[1]!.replace('"facilityId":"retailer"', '"facilityId":7')], 'line 2: facilityId: '],
      [[log[0]!.replace('"rulesVersion":1}', '"rulesVersion":99}')], 'line 1: played under rules version 99'],
    ];
    for (const [text, message] of cases) {
      const result = await run(rederive, [file(text.join('\n'))]);
      expect(result.code).toBe(2);
      expect(result.err).toContain(message);
      expect(result.out).toBe('');
    }
    expect((await run(rederive, [path.join(folder, 'missing.jsonl')])).err).toContain('cannot read');
  });

  it('prints one line per game of a log of several, or the one --stream picks, and passes over other games', async () => {
    const lean = JSON.stringify({
      position: 1,
      stream: 'game-lean',
      version: 1,
      type: 'LeanGameCreated',
      data: {},
      recordedAt: '2026-01-01T00:00:00.000Z',
      actor: null,
      actorRole: 'system',
      rulesVersion: 1,
    });
    const two = file(`${lean}\n${await simulated(1)}${await simulated(2)}`);
    const all = await run(rederive, [two]);
    expect(all.code).toBe(0);
    const rows = all.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => r.stream)).toEqual(['game-sim-1', 'game-sim-2']);
    const one = await run(rederive, [two, '--stream', 'game-sim-2']);
    expect(JSON.parse(one.out)).toEqual(rows[1].figures);
    const unknown = await run(rederive, [two, '--stream', 'game-x']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('game-sim-1, game-sim-2');
    const noBeer = await run(rederive, [file(lean)]);
    expect([noBeer.code, noBeer.err]).toEqual([2, 'the log has no beer game (no GameCreated event)\n']);
  });
});

describe('simulate --from-log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('replays the recorded game with a facility played by a policy, in every format', async () => {
    const log = file(
      (await run(simulateBeerGame, ['--weeks', '10', '--seed', '4', '--format', 'events'])).out,
    );
    const replay = counterfactual(foldLog(lines(readFileSync(log, 'utf8'))), { retailer: 'basestock:32' });
    const json = await run(simulateBeerGame, ['--from-log', log, '--policy', 'retailer=basestock:32']);
    expect(json.code, json.err).toBe(0);
    expect(JSON.parse(json.out)).toEqual(jsonOf(trajectory(replay.state)));
    const events = await run(simulateBeerGame, [
      '--from-log',
      log,
      '--policy=retailer=basestock:32',
      '--format',
      'events',
    ]);
    const replayed = lines(events.out);
    expect(replayed[0]!.stream).toBe('game-sim-4-counterfactual');
    // The seats that keep their recorded orders are replayed by a player each.
    expect(replayed.filter((l) => l.type === 'OrderPlaced').every((l) => l.actorRole === 'player')).toBe(
      true,
    );
    expect(foldLog(replayed)).toEqual(replay.state);
    const csv = await run(simulateBeerGame, [
      '--from-log',
      log,
      '--policy',
      'retailer=basestock:32',
      '--format',
      'csv',
    ]);
    expect(csv.out.trim().split('\n')).toHaveLength(1 + 10 * 4);
  });

  it('refuses an unknown facility, a malformed policy, and options the log decides', async () => {
    const log = file((await run(simulateBeerGame, ['--weeks', '3', '--format', 'events'])).out);
    const cases: Array<[string[], string]> = [
      [['--policy', 'brewery=passthrough'], 'unknown facility "brewery" (the game has retailer, wholesaler'],
      [['--policy', 'retailer=basestock'], 'unknown policy "basestock" for retailer'],
      [['--policy', 'basestock:32'], 'with --from-log, --policy is FACILITY=POLICY'],
      [['--policy', '=basestock:32'], 'with --from-log, --policy is FACILITY=POLICY'],
      [['--policy', 'retailer=fixed:1', '--policy', 'retailer=fixed:2'], '--policy given twice for retailer'],
      [['--weeks', '5'], '--from-log takes the configuration, weeks and seed from the log'],
      [['--seed', '5'], '--from-log takes the configuration, weeks and seed from the log'],
      [['--stream', 'game-x'], 'no beer game on stream game-x; the log has: game-sim-1'],
    ];
    for (const [args, message] of cases) {
      const result = await run(simulateBeerGame, ['--from-log', log, ...args]);
      expect(result.code).toBe(2);
      expect(result.err).toContain(message);
      expect(result.out).toBe('');
    }
    const second = (await run(simulateBeerGame, ['--weeks', '3', '--seed', '2', '--format', 'events'])).out;
    const two = file(readFileSync(log, 'utf8') + second);
    const ambiguous = await run(simulateBeerGame, ['--from-log', two, '--policy', 'retailer=fixed:4']);
    expect([ambiguous.code, ambiguous.err]).toEqual([
      2,
      'the log has 2 games; pick one with --stream (game-sim-1, game-sim-2)\n',
    ]);
    const picked = await run(simulateBeerGame, ['--from-log', two, '--stream', 'game-sim-2']);
    expect(picked.code).toBe(0);
    const noLog = await run(simulateBeerGame, ['--stream', 'game-x']);
    expect([noLog.code, noLog.err.split('\n')[0]]).toEqual([2, '--stream goes with --from-log']);
  });
});
