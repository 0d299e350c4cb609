/**
 * `npm run --silent simulate -- [--game beer] --template classic --weeks 36 --policy passthrough
 * --format json`: runs a computer-only beer game and prints its trajectory, its event log, or with
 * `--from-log` a recorded game replayed with some facilities played by a policy (docs/beergame.md).
 */
import { readFileSync } from 'node:fs';
import {
  BEERGAME_TEMPLATE_IDS,
  type BeerEvent,
  type BeerState,
  type BeerTemplateId,
  CounterfactualError,
  counterfactual,
  counterfactualGameId,
  runSimulation,
  simulationEventLog,
  trajectory,
  trajectoryCsv,
} from '../../src-shared/beergame';
import { foldBeerLog, LogError, selectGames } from './beer-log';

export const BEERGAME_SIMULATE_USAGE = `Usage: npm run --silent simulate -- [--game beer] [options]

Runs a beer game where every facility is a computer player and prints its trajectory.

Options:
  --template NAME    built-in game (${BEERGAME_TEMPLATE_IDS.join(', ')}); default classic
  --config FILE      a game configuration in JSON instead of a template
  --weeks N          number of weeks (1 to 520); default: the game's (classic: 36)
  --policy P         ordering policy, once for all facilities or repeated once per facility
                     in network order (most downstream first); default passthrough:
                       passthrough               order what was ordered from you this week
                       fixed:N                   always order N
                       basestock:F1,F2,...       order max(0, F - (net inventory + supply line)),
                                                 one target per facility, or one for all
                       sterman:T,A,B,S           anchoring and adjustment (Sterman 1989):
                                                 theta, alpha, beta, S'; e.g. sterman:0.36,0.26,0.34,17
  --seed N           seed of the lead-time draws (integer); default 1
  --format F         json (default), csv, or events: the game's event log, one JSON event a line
                     in the research export's format (stream game-sim-<seed>), for rederive
  --help             this message

Counterfactual: npm run --silent simulate -- --from-log FILE.jsonl --policy retailer=basestock:32
  --from-log FILE    replays the recorded beer game of FILE (- for stdin): its configuration,
                     demand, weeks and lead-time seed
  --policy F=P       facility F played by policy P (repeatable); the others order exactly what
                     they ordered in the log, week by week
  --stream S         the game to replay when the log holds several (game-<id>)
  --format F         as above; the replay's events are on stream game-<id>-counterfactual

JSON: {"weeks":[{"week":1,"facilities":[{"id","name","received","incomingOrder","shipped","stock",
"backlog","netInventory","order","cost","cumulativeCost"}]}],"totals":{"teamCost":0,"byFacility":{}}}
`;

class UsageError extends Error {}

interface Parsed {
  help: boolean;
  template?: BeerTemplateId;
  config?: Record<string, unknown>;
  weeks?: number;
  policies: string[];
  seed?: number;
  format: 'json' | 'csv' | 'events';
  fromLog?: string;
  stream?: string;
}

function parseArgs(args: string[]): Parsed {
  const out: Parsed = { help: false, policies: [], format: 'json' };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') {
      out.help = true;
      continue;
    }
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = args[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      i++;
      return next;
    };
    const integer = (text: string, min: number, max: number): number => {
      if (!/^-?\d+$/.test(text)) throw new UsageError(`${flag} takes a whole number`);
      const n = Number(text);
      if (n < min || n > max) throw new UsageError(`${flag} must be between ${min} and ${max}`);
      return n;
    };
    switch (flag) {
      case '--template': {
        const t = value();
        if (!(BEERGAME_TEMPLATE_IDS as string[]).includes(t)) throw new UsageError(`unknown template "${t}"`);
        out.template = t as BeerTemplateId;
        break;
      }
      case '--config': {
        const file = value();
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          throw new UsageError(`cannot read ${file}`);
        }
        try {
          out.config = JSON.parse(text) as Record<string, unknown>;
        } catch {
          throw new UsageError(`${file} is not JSON`);
        }
        break;
      }
      case '--weeks':
        out.weeks = integer(value(), 1, 520);
        break;
      case '--policy':
        out.policies.push(value());
        break;
      case '--seed':
        out.seed = integer(value(), -2147483648, 2147483647);
        break;
      case '--format': {
        const f = value();
        if (f !== 'json' && f !== 'csv' && f !== 'events')
          throw new UsageError('--format is json, csv or events');
        out.format = f;
        break;
      }
      case '--from-log':
        out.fromLog = value();
        break;
      case '--stream':
        out.stream = value();
        break;
      default:
        throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  if (out.template && out.config) throw new UsageError('give --template or --config, not both');
  if (
    out.fromLog !== undefined &&
    (out.template || out.config || out.weeks !== undefined || out.seed !== undefined)
  )
    throw new UsageError('--from-log takes the configuration, weeks and seed from the log');
  if (out.fromLog === undefined && out.stream !== undefined)
    throw new UsageError('--stream goes with --from-log');
  return out;
}

/** `--policy retailer=basestock:32` given with `--from-log`, as facility id → policy. */
function replacements(policies: string[]): Record<string, string> {
  const replaced: Record<string, string> = {};
  for (const p of policies) {
    const at = p.indexOf('=');
    if (at <= 0)
      throw new UsageError(
        `with --from-log, --policy is FACILITY=POLICY (retailer=basestock:32), not "${p}"`,
      );
    const id = p.slice(0, at).trim();
    if (replaced[id] !== undefined) throw new UsageError(`--policy given twice for ${id}`);
    replaced[id] = p.slice(at + 1).trim();
  }
  return replaced;
}

/** The game of the log to replay: the only one, or the one `--stream` names. */
function recordedGame(games: Map<string, BeerState>, stream: string | undefined): BeerState {
  const chosen = selectGames(games, stream);
  if (chosen.size > 1)
    throw new LogError(
      `the log has ${chosen.size} games; pick one with --stream (${[...chosen.keys()].join(', ')})`,
    );
  return [...chosen.values()][0]!;
}

/** The simulated or replayed game: its final state, its events and the id they carry. */
async function play(parsed: Parsed): Promise<{ gameId: string; state: BeerState; events: BeerEvent[] }> {
  if (parsed.fromLog !== undefined) {
    const replaced = replacements(parsed.policies);
    const recorded = recordedGame(await foldBeerLog(parsed.fromLog), parsed.stream);
    return { gameId: counterfactualGameId(recorded.gameId), ...counterfactual(recorded, replaced) };
  }
  const seed = parsed.seed ?? 1;
  const gameId = `sim-${seed}`;
  const run = runSimulation({
    ...(parsed.template ? { template: parsed.template } : {}),
    ...(parsed.config ? { config: parsed.config } : {}),
    ...(parsed.weeks !== undefined ? { weeks: parsed.weeks } : {}),
    policies: parsed.policies,
    seed,
    gameId,
  });
  return { gameId, ...run };
}

function output(format: Parsed['format'], game: Awaited<ReturnType<typeof play>>): string {
  if (format === 'events')
    return simulationEventLog(game.gameId, game.events)
      .map((line) => `${JSON.stringify(line)}\n`)
      .join('');
  const result = trajectory(game.state);
  return format === 'csv' ? trajectoryCsv(result) : `${JSON.stringify(result)}\n`;
}

export async function simulateBeerGame(args: string[]): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parseArgs(args);
  } catch (error) {
    process.stderr.write(
      `${error instanceof Error ? error.message : String(error)}\n\n${BEERGAME_SIMULATE_USAGE}`,
    );
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(BEERGAME_SIMULATE_USAGE);
    return 0;
  }
  let game: Awaited<ReturnType<typeof play>>;
  try {
    game = await play(parsed);
  } catch (error) {
    // A log that cannot be read or replayed: its own message is enough, the usage is not the point.
    if (error instanceof LogError || error instanceof CounterfactualError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    const e = error as { messageId?: string; values?: Record<string, unknown>; message?: string };
    const detail = e.messageId
      ? `${e.messageId}${e.values ? ` ${JSON.stringify(e.values)}` : ''}`
      : (e.message ?? String(error));
    process.stderr.write(`${detail}\n\n${BEERGAME_SIMULATE_USAGE}`);
    return 2;
  }
  process.stdout.write(output(parsed.format, game));
  return 0;
}
