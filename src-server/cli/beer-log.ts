/**
 * Reading a public event log (src-shared/eventsourcing/event-log.ts) on the command line, for
 * `rederive` and `simulate --from-log`: every line checked, each beer game stream folded as the
 * server folds it (the published reducer, through the upcasters: `foldRecorded`), line by line, so
 * a log of many games is never held in memory. Streams of other games are passed over.
 */
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { ZodError } from 'zod';
import { BEERGAME_RULES_VERSION, type BeerState, beerEventSchemas } from '../../src-shared/beergame';
import { fromEventLogLine, parseEventLogLine } from '../../src-shared/eventsourcing/event-log';
import { upcast } from '../../src-shared/eventsourcing/upcasters';
import { foldRecorded } from '../eventstore/command-handler';
import { beergameType } from '../streams/beergame';

/** A log that cannot be read or folded; the message names the file or the line. */
export class LogError extends Error {}

const zodProblem = (error: ZodError) =>
  error.issues.map((i) => `${i.path.length > 0 ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');

interface StreamFold {
  version: number;
  /** null for a stream of another game. */
  state: BeerState | null;
}

/**
 * The beer games of the log at `source` (a file, or `-` for standard input), as folded states by
 * stream, in the order the streams first appear.
 */
export async function foldBeerLog(source: string): Promise<Map<string, BeerState>> {
  if (source !== '-') {
    try {
      await access(source);
    } catch {
      throw new LogError(`cannot read ${source}`);
    }
  }
  const input = source === '-' ? process.stdin : createReadStream(source, { encoding: 'utf8' });
  const streams = new Map<string, StreamFold>();
  let lineNumber = 0;
  for await (const text of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    lineNumber++;
    if (text.trim() === '') continue;
    try {
      foldLine(streams, text);
    } catch (error) {
      const problem =
        error instanceof ZodError
          ? zodProblem(error)
          : error instanceof SyntaxError
            ? `not JSON (${error.message})`
            : error instanceof Error
              ? error.message
              : String(error);
      throw new LogError(`line ${lineNumber}: ${problem}`);
    }
  }
  const games = new Map<string, BeerState>();
  for (const [stream, fold] of streams) if (fold.state) games.set(stream, fold.state);
  return games;
}

function foldLine(streams: Map<string, StreamFold>, text: string): void {
  const line = parseEventLogLine(text);
  const previous = streams.get(line.stream);
  const expected = (previous?.version ?? 0) + 1;
  if (line.version !== expected)
    throw new Error(
      `${line.stream} version ${line.version} where ${expected} was due (lines missing or out of order)`,
    );
  const isBeer = previous ? previous.state !== null : line.type === beergameType.createdBy;
  if (!isBeer) {
    streams.set(line.stream, { version: line.version, state: null });
    return;
  }
  if (line.rulesVersion > BEERGAME_RULES_VERSION)
    throw new Error(
      `played under rules version ${line.rulesVersion}; this engine knows ${BEERGAME_RULES_VERSION}`,
    );
  const recorded = fromEventLogLine(line);
  const current = upcast(beergameType.stream.upcasters, recorded);
  const schema = (beerEventSchemas as Record<string, { parse(data: unknown): unknown }>)[current.type];
  if (!schema) throw new Error(`unknown beer game event ${current.type}`);
  schema.parse(current.data);
  const from = previous?.state ?? beergameType.stream.decider.initialState;
  streams.set(line.stream, {
    version: line.version,
    state: foldRecorded(beergameType.stream, [recorded], from),
  });
}

/** The games to work on: the one `stream` names, or every one; throws when there is none. */
export function selectGames(
  games: Map<string, BeerState>,
  stream: string | undefined,
): Map<string, BeerState> {
  if (stream === undefined) {
    if (games.size === 0) throw new LogError('the log has no beer game (no GameCreated event)');
    return games;
  }
  const state = games.get(stream);
  if (!state)
    throw new LogError(
      `no beer game on stream ${stream}; the log has: ${[...games.keys()].join(', ') || 'none'}`,
    );
  return new Map([[stream, state]]);
}
