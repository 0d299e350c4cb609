/**
 * The JSONL research export built by PostgreSQL: `COPY (SELECT ...) TO STDOUT` streams whole lines
 * of the log, so this process passes bytes on instead of parsing rows (docs/benchmarks.md,
 * "Research export"). Two COPYs of consecutive version ranges run at once, each on its own
 * connection: one is written while the next is read ahead, up to AHEAD_BYTES.
 *
 * The lines are the text `LineMaker` writes for the same events (research.ts). A line the database
 * cannot build (an event an upcaster rewrites, a person this export has not named yet, a personal
 * field that is not text) comes as the event itself, marked by RAW, and is made here by `LineMaker`;
 * the people it names are passed to the next COPYs, so past the first few thousand events the
 * database builds (almost) every line. The export goes up to the stream's last version when it starts.
 */
import pg from 'pg';
import { eventLogLineJson } from '../../src-shared/eventsourcing/event-log';
import { type EventText, eventTextOfRow } from '../eventstore/event-store';
import { gameStreamId } from '../streams';
import type { Personal } from './codebook';
import type { Participants } from './participants';
import { actorsOf, type ExportedGame, LineMaker, type LineSource, rewritesOf } from './research';

/** Events in a game's first COPY, doubled for each next up to LARGEST_COPY: small ones meet the people. */
const FIRST_COPY = 1000;
const LARGEST_COPY = 32_000;
/** What a COPY read ahead holds before PostgreSQL waits: flat memory (16 MB was no faster). */
const AHEAD_BYTES = 8 * 1024 * 1024;
/**
 * Starts a line left to this process, the event as
 * `[position, version, type, data, apart, time, actorId, actorRole, rulesVersion]`.
 */
const RAW = 0x06;
const NEWLINE = 0x0a;

const literal = (text: string) => pg.escapeLiteral(text);

/** jsonb's order of an object's keys (shorter first, then by bytes): the order `apart` gives them in. */
const jsonbKeyOrder = (a: string, b: string) =>
  Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b));

type Fields = ReadonlyArray<{ name: string; personal: Personal }>;

/** What the SQL of a game type's lines needs: the types parsed here, the personal fields of others. */
function shapeOf(gameType: string) {
  const { outdated, personal, apart } = rewritesOf(gameType);
  const fields = new Map<string, Fields>();
  for (const type of apart.keys())
    fields.set(
      type,
      [...personal.get(type)!].sort((a, b) => jsonbKeyOrder(a.name, b.name)),
    );
  return { outdated: [...outdated], fields };
}
type Shape = ReturnType<typeof shapeOf>;

/** A personal field's value as `LineMaker` writes it; null (line left to this process) if not text/null. */
function personalValue({ name, personal }: Fields[number], withNames: boolean): string {
  const value = `data->${literal(name)}`;
  const text =
    personal === 'user'
      ? `pseudonyms->>(data->>${literal(name)})`
      : withNames
        ? `(${value})::text`
        : `'null'`;
  return `case coalesce(jsonb_typeof(${value}), 'null') when 'string' then ${text} when 'null' then 'null' end`;
}

/**
 * The data as `LineMaker` writes it: as stored, or without its personal fields (`rest`) followed by
 * them renamed, as `JSON.stringify` writes them; null for the types an upcaster rewrites.
 */
function dataSql(shape: Shape, withNames: boolean): string {
  const renamed = [...shape.fields].map(([type, fields]) => {
    const values = fields.map(
      (f, i) =>
        `${literal(`${i > 0 ? ',' : ''}${JSON.stringify(f.name)}:`)} || ${personalValue(f, withNames)}`,
    );
    return `when ${literal(type)} then case when rest = '{}' then '{' else left(rest, -1) || ', ' end || ${values.join(' || ')} || '}'`;
  });
  const parsedHere = shape.outdated.map((type) => `when ${literal(type)} then null`);
  return `case type ${[...parsedHere, ...renamed].join(' ')} else data::text end`;
}

/** The personal fields of an event apart, as `readStreamTextPage` gives them. */
const apartSql = (shape: Shape) =>
  shape.fields.size === 0
    ? 'null::text'
    : `case type ${[...shape.fields]
        .map(
          ([type, fields]) =>
            `when ${literal(type)} then jsonb_build_object(${fields.map((f) => `${literal(f.name)}, data->${literal(f.name)}`).join(', ')})::text`,
        )
        .join(' ')} end`;

/** The data without its personal fields, for the types that have some. */
const restSql = (shape: Shape) =>
  shape.fields.size === 0
    ? 'null::text'
    : `case type ${[...shape.fields]
        .map(
          ([type, fields]) =>
            `when ${literal(type)} then (data${fields.map((f) => ` - ${literal(f.name)}`).join('')})::text`,
        )
        .join(' ')} end`;

/** People as the lines name them, by user id: the actor's label, the pseudonym in the data (JSON text). */
interface Named {
  labels: Map<string, string>;
  pseudonyms: Map<string, string>;
}

const jsonbOf = (people: Map<string, string>) =>
  `${literal(JSON.stringify(Object.fromEntries(people)))}::jsonb`;

/**
 * The COPY of the lines of versions (after, upTo]. The inner query computes each column once
 * (`offset 0` keeps it apart); `||` makes a line null when a part is missing, and `coalesce` then
 * gives the event instead. The time is cut from PostgreSQL's text as `isoTime` cuts it. CSV with
 * a quote and a delimiter that JSON text never holds unescaped writes each line as it is.
 */
function copySql(
  shape: Shape,
  streamId: string,
  after: number,
  upTo: number,
  named: Named,
  withNames: boolean,
) {
  const line = `'{"position":' || global_position || ${literal(`,"stream":${JSON.stringify(streamId)},"version":`)}
    || stream_version || ',"type":' || to_json(type) || ',"data":' || (${dataSql(shape, withNames)})
    || ',"recordedAt":"' || left(t, 10) || 'T' || substr(t, 12, 8) || '.' || rpad(substr(t, 21, 3), 3, '0')
    || 'Z","actor":' || (case when actor_role = 'system' then 'null' else labels->>actor_id end)
    || ',"actorRole":' || coalesce(to_json(actor_role)::text, 'null')
    || ',"rulesVersion":' || coalesce(rules_version::text, 'null') || '}'`;
  const raw = `E'\\x06' || json_build_array(global_position, stream_version, type, coalesce(rest, data::text),
    ${apartSql(shape)}, t, actor_id, actor_role, rules_version)`;
  return `copy (
    select coalesce(${line}, ${raw})
    from (
      select global_position, stream_version, type, data, (recorded_at at time zone 'UTC')::text as t,
        metadata->>'actorId' as actor_id, metadata->>'actorRole' as actor_role,
        (metadata->>'rulesVersion')::integer as rules_version, ${restSql(shape)} as rest
      from events
      where stream_id = ${literal(streamId)} and stream_version > ${after} and stream_version <= ${upTo}
      order by stream_version
      offset 0) e,
      (select ${jsonbOf(named.labels)} as labels, ${jsonbOf(named.pseudonyms)} as pseudonyms) people
  ) to stdout with (format csv, quote e'\\x01', delimiter e'\\x02')`;
}

/** A COPY under way on a pooled connection of its own, reading ahead until AHEAD_BYTES are waiting. */
async function startCopy(pool: pg.Pool, text: string) {
  // Loaded with the first research export, not with the server.
  const { to: copyTo } = await import('pg-copy-streams');
  const client = await pool.connect();
  let released = false;
  // A COPY left unfinished leaves its connection mid-protocol: it is closed, not pooled again.
  const release = (close: boolean) => {
    if (released) return;
    released = true;
    client.release(close);
  };
  const stream = client.query(copyTo(text, { highWaterMark: AHEAD_BYTES }));
  stream.on('end', () => release(false));
  stream.on('error', () => release(true));
  stream.read(0);
  return {
    stream: stream as AsyncIterable<Buffer>,
    abort: () => {
      stream.destroy();
      release(true);
    },
  };
}
type Copy = Awaited<ReturnType<typeof startCopy>>;

/** The versions of each COPY of a stream of `last` events: small first, then LARGEST_COPY. */
function copyRanges(last: number): Array<[after: number, upTo: number]> {
  const ranges: Array<[number, number]> = [];
  for (let after = 0, size = FIRST_COPY; after < last; after += size, size = Math.min(2 * size, LARGEST_COPY))
    ranges.push([after, Math.min(after + size, last)]);
  return ranges;
}

/** The lines of one game: the COPYs in order, RAW lines made here. */
class GameLines {
  private readonly shape: Shape;
  private readonly maker: LineMaker;
  private readonly streamId: string;
  /** The people named so far: the next COPYs look them up. */
  private readonly named: Named = { labels: new Map(), pseudonyms: new Map() };

  constructor(
    private readonly pool: pg.Pool,
    private readonly participants: Participants,
    game: ExportedGame,
    private readonly write: (piece: string | Uint8Array) => Promise<void>,
  ) {
    this.shape = shapeOf(game.type);
    this.maker = new LineMaker(participants, game);
    this.streamId = gameStreamId(game.id);
  }

  /** Writes every line up to the stream's last version; returns their number. */
  async writeAll(): Promise<number> {
    const { rows } = await this.pool.query<{ last: number | null }>(
      'select max(stream_version) as last from events where stream_id = $1',
      [this.streamId],
    );
    const ranges = copyRanges(rows[0]?.last ?? 0);
    const start = (i: number) => {
      const [after, upTo] = ranges[i]!;
      const { withNames } = this.participants;
      const copy = startCopy(
        this.pool,
        copySql(this.shape, this.streamId, after, upTo, this.named, withNames),
      );
      // Read ahead while another is written: a failure is the writer's to report, not a crash.
      copy.catch(() => undefined);
      return copy;
    };
    let ahead = ranges.length > 0 ? start(0) : undefined;
    let current: Copy | undefined;
    try {
      for (let i = 0; ahead; i++) {
        current = await ahead;
        // Started now, the next COPY knows the people of the lines written so far.
        ahead = i + 1 < ranges.length ? start(i + 1) : undefined;
        await this.pass(current);
      }
    } finally {
      current?.abort();
      ahead?.then(
        (copy) => copy.abort(),
        () => undefined,
      );
    }
    return ranges.reduce((count, [after, upTo]) => count + upTo - after, 0);
  }

  /** Writes a COPY's bytes as they come, but its RAW lines, which are made here (whole lines only). */
  private async pass(copy: Copy): Promise<void> {
    let carried: Buffer | undefined;
    for await (const chunk of copy.stream) {
      const bytes = carried ? Buffer.concat([carried, chunk]) : chunk;
      carried = undefined;
      let from = 0;
      for (let raw = bytes.indexOf(RAW); raw !== -1; raw = bytes.indexOf(RAW, from)) {
        if (raw > from) await this.write(bytes.subarray(from, raw));
        const end = bytes.indexOf(NEWLINE, raw);
        if (end === -1) {
          carried = bytes.subarray(raw);
          break;
        }
        await this.write(await this.rawLine(bytes.toString('utf8', raw + 1, end)));
        from = end + 1;
      }
      if (!carried && from < bytes.length) await this.write(from === 0 ? bytes : bytes.subarray(from));
    }
  }

  /** A line the database left to this process, made as a page's; its people are named from now on. */
  private async rawLine(text: string): Promise<string> {
    const [position, version, type, data, apart, time, actorId, actorRole, rulesVersion] = JSON.parse(text);
    const event = eventTextOfRow(this.streamId, {
      global_position: position,
      stream_version: version,
      type,
      data,
      apart,
      recorded_at: time,
      actor_id: actorId,
      actor_role: actorRole,
      rules_version: rulesVersion,
    });
    await this.participants.meet(actorsOf([event]));
    const line = `${eventLogLineJson(this.maker.line(event))}\n`;
    this.learn(event);
    return line;
  }

  private learn(event: EventText): void {
    const { labels, pseudonyms } = this.named;
    if (event.actorRole !== 'system')
      labels.set(event.actorId, JSON.stringify(this.participants.label(event.actorId)));
    const fields = event.apart === undefined ? undefined : this.shape.fields.get(event.type);
    if (!fields) return;
    const apart = JSON.parse(event.apart!) as Record<string, unknown>;
    for (const { name, personal } of fields) {
      const id = apart[name];
      if (personal === 'user' && typeof id === 'string')
        pseudonyms.set(id, JSON.stringify(this.participants.pseudonym(id)));
    }
  }
}

/** The JSONL lines of games built by PostgreSQL, on connections of `pool`. */
export const copiedLogLines =
  (pool: pg.Pool): LineSource =>
  (game, participants, write) =>
    new GameLines(pool, participants, game, write).writeAll();
