/**
 * `npm run --silent simulate -- --game lean --scenario <id> --improvements batch,kanban --minutes 15
 * --seed 1 --format json`: runs a computer-only round of the lean game and prints its metrics.
 * `--from-log FILE.jsonl` folds a lean game's recorded events (the research export's JSONL) with
 * this engine instead, and prints the same figures for its last round: what its debrief shows.
 */
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { upcast } from '../../src-shared/eventsourcing';
import { parseEventLogLine } from '../../src-shared/eventsourcing/event-log';
import {
  evolveLeanGame,
  getLeanScenario,
  initialLeanState,
  LEAN_IMPROVEMENTS,
  LEAN_SCENARIOS,
  type LeanEvent,
  type LeanImprovement,
  type LeanState,
  leanMetrics,
  leanUpcasters,
  simulateLeanRound,
} from '../../src-shared/leangame';

export function leanUsage(): string {
  return [
    'Usage: npm run --silent simulate -- --game lean --scenario <id> [--improvements none|all|<a,b,...>]',
    '         [--minutes 15] [--seed 1] [--format json|text]',
    '',
    '   or: npm run --silent simulate -- --game lean --from-log FILE.jsonl [--format json|text]',
    '',
    'Runs a round of the lean game played by the computer and prints its metrics; with --from-log,',
    "folds a lean game's exported event log (JSONL) and prints the metrics of its last round.",
    `  --improvements  comma-separated, among: ${LEAN_IMPROVEMENTS.join(', ')};`,
    "                  none = the baseline; all = every one; default: the scenario's own",
    '  --minutes       length of the round, 1 to 240 (classroom rounds are 5 to 20)',
    "  --seed          integer seed of the computer's noise and errors",
    '  --format        json (default) or text',
    '',
    'Scenarios:',
    ...LEAN_SCENARIOS.map((s) => `scenario: ${s.id} (${s.stations} stations)`),
    '',
  ].join('\n');
}

interface LeanArgs {
  scenario: string;
  improvements: LeanImprovement[] | undefined;
  minutes: number;
  seed: number;
  format: 'json' | 'text';
}

function parse(args: string[]): LeanArgs | string {
  const values: Record<string, string> = {};
  const known = ['--scenario', '--improvements', '--minutes', '--seed', '--format'];
  for (let i = 0; i < args.length; i += 1) {
    const flag = args[i]!;
    const [name, inline] = flag.includes('=') ? flag.split(/=(.*)/s, 2) : [flag, undefined];
    if (!known.includes(name!)) return `unknown argument "${flag}"`;
    const value = inline ?? args[++i];
    if (value === undefined || value.startsWith('--')) return `${name} needs a value`;
    values[name!.slice(2)] = value;
  }
  const scenario = values.scenario;
  if (!scenario) return '--scenario is required';
  if (!getLeanScenario(scenario)) return `unknown scenario "${scenario}"`;
  let improvements: LeanImprovement[] | undefined;
  if (values.improvements !== undefined) {
    const list = values.improvements
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length === 1 && list[0] === 'none') improvements = [];
    else if (list.length === 1 && list[0] === 'all') improvements = [...LEAN_IMPROVEMENTS];
    else {
      const unknown = list.filter((i) => !(LEAN_IMPROVEMENTS as readonly string[]).includes(i));
      if (list.length === 0 || unknown.length > 0) return `unknown improvement "${unknown[0] ?? ''}"`;
      improvements = list as LeanImprovement[];
    }
  }
  const minutes = values.minutes === undefined ? 15 : Number(values.minutes);
  if (!Number.isFinite(minutes) || minutes < 1 || minutes > 240)
    return '--minutes must be a number from 1 to 240';
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed)) return '--seed must be an integer';
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'text') return '--format must be json or text';
  return { scenario, improvements, minutes, seed, format };
}

export async function simulateLeanGame(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(leanUsage());
    return 0;
  }
  if (args.includes('--from-log')) return fromLog(args);
  const parsed = parse(args);
  if (typeof parsed === 'string') {
    process.stderr.write(`${parsed}\n\n${leanUsage()}`);
    return 2;
  }
  const { state, endAt } = simulateLeanRound({
    scenarioId: parsed.scenario,
    improvements: parsed.improvements,
    minutes: parsed.minutes,
    seed: parsed.seed,
  });
  return print(leanFigures(parsed.scenario, state, endAt), parsed.format);
}

/** The figures printed of a round: those of its debrief. */
function leanFigures(scenario: string, state: LeanState, endAt: number) {
  const m = leanMetrics(state, endAt);
  return {
    scenario,
    improvements: state.improvements,
    minutes: m.minutes,
    seed: state.seed,
    deliveries: m.deliveries,
    otif: m.otif,
    leadTime: { mean: m.leadTime.mean, p90: m.leadTime.p90 },
    wip: { mean: m.wip.mean, max: m.wip.max },
    flowEfficiency: m.flowEfficiency,
    resourceEfficiency: m.resourceEfficiency,
    lineBalance: m.lineBalance,
    firstPassYield: m.firstPassYield,
    defects: m.defects,
    pnl: m.pnl,
    timeByCategory: m.timeByCategory,
    flowTime: { mean: m.flowTime.mean, p90: m.flowTime.p90 },
    throughput: m.throughput,
    littlesLaw: m.littlesLaw,
    released: m.released,
    demandDue: m.demandDue,
    defectProducts: m.defectProducts,
    lateProducts: m.lateProducts,
    changeovers: m.changeovers,
    pnlDetail: m.pnlDetail,
  };
}

function print(result: ReturnType<typeof leanFigures>, format: 'json' | 'text'): number {
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  }
  const lines = [
    `${result.scenario}, ${result.minutes} min, seed ${result.seed}, improvements: ${result.improvements.join(', ') || 'none'}`,
    `deliveries ${result.deliveries}  OTIF ${result.otif}  lead time mean ${result.leadTime.mean} p90 ${result.leadTime.p90} min`,
    `WIP mean ${result.wip.mean}  flow time ${result.flowTime.mean} min  throughput ${result.throughput}/min`,
    `flow efficiency ${result.flowEfficiency}  line balance ${result.lineBalance}  first-pass yield ${result.firstPassYield}`,
    `defects ${result.defects}  defective deliveries ${result.defectProducts}  late ${result.lateProducts}  P&L ${result.pnl}`,
    `time per unit (min): ${Object.entries(result.timeByCategory)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `resource efficiency: ${Object.entries(result.resourceEfficiency)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/** A lean game folded from its exported log (one stream), at the end of its round or its last event. */
async function foldLeanLog(source: string): Promise<{ state: LeanState; endAt: number }> {
  await access(source);
  const input = createReadStream(source, { encoding: 'utf8' });
  let state = initialLeanState;
  let stream: string | null = null;
  for await (const text of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (text.trim() === '') continue;
    const line = parseEventLogLine(text);
    stream ??= line.stream;
    if (line.stream !== stream) continue;
    state = evolveLeanGame(state, upcast(leanUpcasters, { type: line.type, data: line.data }) as LeanEvent);
  }
  if (!state.exists) throw new Error(`${source} holds no lean game`);
  return { state, endAt: state.endAt ?? state.lastAt };
}

/** `--from-log FILE.jsonl [--format json|text]`: the figures of a recorded game's last round. */
async function fromLog(args: string[]): Promise<number> {
  const file = args[args.indexOf('--from-log') + 1];
  const formatAt = args.indexOf('--format');
  const format = formatAt < 0 ? 'json' : args[formatAt + 1];
  if (!file || (format !== 'json' && format !== 'text')) {
    process.stderr.write(leanUsage());
    return 2;
  }
  try {
    const { state, endAt } = await foldLeanLog(file);
    return print(leanFigures(state.scenarioId ?? 'custom', state, endAt), format);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}
