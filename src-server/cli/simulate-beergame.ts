/**
 * `npm run --silent simulate -- [--game beer] --template classic --weeks 36 --policy passthrough
 * --format json`: runs a computer-only beer game and prints its trajectory (docs/beergame.md).
 */
import { readFileSync } from 'node:fs';
import { BEERGAME_TEMPLATE_IDS, type BeerTemplateId } from '../../src-shared/beergame';
import { simulateBeerGameRun, trajectoryCsv } from '../../src-shared/beergame/simulate';

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
  --format F         json (default) or csv
  --help             this message

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
  seed: number;
  format: 'json' | 'csv';
}

function parseArgs(args: string[]): Parsed {
  const out: Parsed = { help: false, policies: [], seed: 1, format: 'json' };
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
        if (f !== 'json' && f !== 'csv') throw new UsageError('--format is json or csv');
        out.format = f;
        break;
      }
      default:
        throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  if (out.template && out.config) throw new UsageError('give --template or --config, not both');
  return out;
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
  let result: ReturnType<typeof simulateBeerGameRun>;
  try {
    result = simulateBeerGameRun({
      ...(parsed.template ? { template: parsed.template } : {}),
      ...(parsed.config ? { config: parsed.config } : {}),
      ...(parsed.weeks !== undefined ? { weeks: parsed.weeks } : {}),
      policies: parsed.policies,
      seed: parsed.seed,
    });
  } catch (error) {
    const e = error as { messageId?: string; values?: Record<string, unknown>; message?: string };
    const detail = e.messageId
      ? `${e.messageId}${e.values ? ` ${JSON.stringify(e.values)}` : ''}`
      : (e.message ?? String(error));
    process.stderr.write(`${detail}\n\n${BEERGAME_SIMULATE_USAGE}`);
    return 2;
  }
  process.stdout.write(parsed.format === 'csv' ? trajectoryCsv(result) : `${JSON.stringify(result)}\n`);
  return 0;
}
