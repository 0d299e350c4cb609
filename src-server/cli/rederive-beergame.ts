/**
 * The beer game's `rederive`: folds an exported event log with the published engine and prints the
 * debrief's figures (docs/beergame.md, "Re-derivation and counterfactuals").
 */
import { beerDebriefFigures } from '../../src-shared/beergame';
import { foldBeerLog, LogError, selectGames } from './beer-log';

export const REDERIVE_USAGE = `Usage: npm run --silent rederive -- FILE.jsonl [--stream STREAM]

Folds a beer game's event log (the research export's JSONL, or simulate --format events) with this
engine and prints the figures the debrief shows, as one JSON object:
{"teamCost","weeks","fillRate","consumerDemand":[…],"cumulativeTeamCost":[…],
 "byFacility":{"<id>":{"name","cost","orders":[…],"incomingOrders":[…],"netInventory":[…],"stock":[…],
 "backlog":[…],"weekCost":[…],"cumulativeCost":[…]}},"amplification":{"<id>":1.5},"leadTimes":[…],
 "benchmark":{"passthrough":{"policy","teamCost","byFacility","cumulativeTeamCost"},"basestock":{…}}}

  FILE           the log, or - to read standard input
  --stream S     the game to fold when the log holds several (game-<id>); without it, a log of
                 several games prints one line per game: {"stream":"game-<id>","figures":{…}}
  --help         this message

A line that is not an event of the log's format stops the command with its line number (exit 2).
`;

class UsageError extends Error {}

function parseArgs(args: string[]): { help: boolean; source?: string; stream?: string } {
  const out: { help: boolean; source?: string; stream?: string } = { help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') out.help = true;
    else if (arg === '--stream' || arg.startsWith('--stream=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[++i];
      if (!value) throw new UsageError('--stream needs a value');
      out.stream = value;
    } else if (arg.startsWith('--')) throw new UsageError(`unknown argument "${arg}"`);
    else if (out.source !== undefined) throw new UsageError('give one log');
    else out.source = arg;
  }
  return out;
}

/** Runs the command; returns the exit code. */
export async function rederive(args: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(args);
    if (!parsed.help && parsed.source === undefined)
      throw new UsageError('give the log to fold (or - for stdin)');
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${REDERIVE_USAGE}`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(REDERIVE_USAGE);
    return 0;
  }
  let games: Awaited<ReturnType<typeof foldBeerLog>>;
  try {
    games = selectGames(await foldBeerLog(parsed.source!), parsed.stream);
  } catch (error) {
    if (!(error instanceof LogError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  if (games.size === 1)
    process.stdout.write(`${JSON.stringify(beerDebriefFigures([...games.values()][0]!))}\n`);
  else
    for (const [stream, state] of games)
      process.stdout.write(`${JSON.stringify({ stream, figures: beerDebriefFigures(state) })}\n`);
  return 0;
}
