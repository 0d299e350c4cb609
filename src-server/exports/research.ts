/**
 * The research export (DESIGN, "The history as a product"): the event log of games as JSONL (one
 * `EventLogLine` per line), as a long CSV (one row per event, the same fields) and as a wide CSV:
 * for beer games one row per facility and week, folded with the published reducer; for lean games
 * one row per facility and minute of each round (`leanMinuteRows`). The events are
 * read a page at a time and written with backpressure, so an export of any size holds one page.
 * They are read as the database prints them (`EventText`): an event whose data needs no change
 * (no person in it, no upcaster) is written out without ever being parsed. On PostgreSQL the JSONL
 * lines are built by the database instead (research-copy.ts), the same text.
 * People are pseudonymous unless the instructor opted in to names (participants.ts); what in an
 * event's data identifies a person is marked in its schema and replaced the same way.
 */
import type { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { BeerState } from '../../src-shared/beergame/state';
import { weeksPlayed } from '../../src-shared/beergame/weeks-played';
import type { DomainEvent, RecordedEvent } from '../../src-shared/eventsourcing';
import { type EventLogLineText, eventLogLineJson } from '../../src-shared/eventsourcing/event-log';
import { upcast } from '../../src-shared/eventsourcing/upcasters';
import { type LeanEvent, leanMinuteRows } from '../../src-shared/leangame';
import type { DatabaseHandle } from '../db/database';
import type { EventStore, EventText } from '../eventstore/event-store';
import { gameStreamId, gameTypeNamed, gameTypes } from '../streams';
import { LEAN_WIDE_COLUMNS, LINE_COLUMNS, type Personal, personalFields, WIDE_COLUMNS } from './codebook';
import { type CsvValue, csvRow } from './csv';
import type { Participants } from './participants';

export const RESEARCH_FORMATS = ['jsonl', 'csv-long', 'csv-wide', 'codebook'] as const;
export type ResearchFormat = (typeof RESEARCH_FORMATS)[number];
/** The formats that carry games' events (the codebook carries none). */
export type EventFormat = Exclude<ResearchFormat, 'codebook'>;

export const isResearchFormat = (text: unknown): text is ResearchFormat =>
  (RESEARCH_FORMATS as readonly unknown[]).includes(text);

/** Events read per query: large enough that a query's cost is spread, small enough to hold. */
export const EVENTS_PAGE_SIZE = 5000;

/** A game as an export names it. */
export interface ExportedGame {
  id: string;
  name: string;
  /** Its game type (`beergame`, `leangame`). */
  type: string;
}

/** The events of a game, in stream order, a page at a time. */
export type PageSource = (game: ExportedGame) => AsyncIterable<readonly EventText[]>;

/**
 * A game's JSONL lines built by the database (research-copy.ts), passed to `write` in pieces of
 * whole lines as they come; resolves to the number of lines. The same text the pages would give.
 */
export type LineSource = (
  game: ExportedGame,
  participants: Participants,
  write: (piece: string | Uint8Array) => Promise<void>,
) => Promise<number>;

/** A recorded event as the database would print it (pages built in memory: tests, benchmarks). */
export const eventText = (event: RecordedEvent): EventText => ({
  position: event.globalPosition,
  stream: event.streamId,
  version: event.streamVersion,
  type: event.type,
  data: JSON.stringify(event.data),
  recordedAt: event.recordedAt.toISOString(),
  actorId: event.metadata.actorId,
  actorRole: event.metadata.actorRole,
  rulesVersion: event.metadata.rulesVersion,
});

/**
 * How the events of a game type are rewritten for the log: the types an upcaster changes (parsed
 * whole), and the personal fields of the others (read apart, the rest of their data left as text).
 */
export function rewritesOf(gameType: string) {
  const upcasters = gameTypeNamed(gameType)?.stream.upcasters ?? [];
  const outdated = new Set(upcasters.map((u) => u.from));
  const personal = personalFields();
  const apart = new Map<string, string[]>();
  for (const [type, fields] of personal)
    if (!outdated.has(type))
      apart.set(
        type,
        fields.map((f) => f.name),
      );
  return { upcasters, outdated, personal, apart };
}

/**
 * A game's stored events, in pages keyed on the stream version (never OFFSET). The next page is
 * read while the current one is written, so the database and the writer work side by side.
 */
export function storedEventPages(store: EventStore, pageSize = EVENTS_PAGE_SIZE): PageSource {
  return async function* pages(game) {
    const streamId = gameStreamId(game.id);
    const { apart } = rewritesOf(game.type);
    const read = (after: number) => {
      const page = store.readStreamTextPage(streamId, after, pageSize, apart);
      // A reader gone away leaves the last read unawaited: its failure is not a crash.
      page.catch(() => undefined);
      return page;
    };
    for (let next = read(0); ; ) {
      const page = await next;
      const full = page.length === pageSize;
      if (full) next = read(page[page.length - 1]!.version);
      if (page.length > 0) yield page;
      if (!full) return;
    }
  };
}

/** An event's data as an object, with the fields read apart back in. */
const dataOf = (event: EventText): Record<string, unknown> => {
  const data = JSON.parse(event.data) as Record<string, unknown>;
  return event.apart === undefined ? data : Object.assign(data, JSON.parse(event.apart));
};

/** A game by id, deleted or not (the caller decides who may export it); undefined when unknown. */
export async function gameToExport(
  database: DatabaseHandle,
  gameId: string,
): Promise<ExportedGame | undefined> {
  return database.db
    .selectFrom('games')
    .select(['id', 'name', 'type'])
    .where('id', '=', gameId)
    .executeTakeFirst();
}

/** Every game an instructor created that is not deleted, oldest first. */
export function gamesOfCreator(database: DatabaseHandle, creatorId: string): Promise<ExportedGame[]> {
  return database.db
    .selectFrom('games')
    .select(['id', 'name', 'type'])
    .where('creator_id', '=', creatorId)
    .where('deleted', '=', false)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The id of the account with this e-mail address (the command line's `--all-of-user`). */
export async function userIdByEmail(database: DatabaseHandle, email: string): Promise<string | undefined> {
  const { rows } = await sql<{
    id: string;
  }>`select id from "user" where lower(email) = lower(${email})`.execute(database.db);
  return rows[0]?.id;
}

/** The reader went away (a closed download, a closed pipe): the export stops, nothing to report. */
export class ExportAborted extends Error {
  constructor() {
    super('the export’s reader went away');
    this.name = 'ExportAborted';
  }
}

/** Writes to a stream, waiting for it to drain when its buffer is full (backpressure). */
export class OutputSink {
  constructor(private readonly out: Writable) {}

  async write(text: string | Uint8Array): Promise<void> {
    if (this.out.destroyed || this.out.writableEnded) throw new ExportAborted();
    if (this.out.write(text)) return;
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        this.out.off('drain', drained);
        this.out.off('close', closed);
        this.out.off('error', closed);
        if (error) reject(error);
        else resolve();
      };
      const drained = () => settle();
      const closed = () => settle(new ExportAborted());
      this.out.on('drain', drained);
      this.out.on('close', closed);
      this.out.on('error', closed);
    });
  }
}

/** Turns a game's stored events into lines of the public log, people named as this export names them. */
export class LineMaker {
  private readonly rewrites: ReturnType<typeof rewritesOf>;
  /** The fields read apart as this export rewrites them, by event type and text: one entry per person and type. */
  private readonly renamed = new Map<string, string>();

  constructor(
    private readonly participants: Participants,
    game: ExportedGame,
  ) {
    this.rewrites = rewritesOf(game.type);
  }

  line(event: EventText): EventLogLineText {
    const { type, data } = this.current(event);
    return {
      position: event.position,
      stream: event.stream,
      version: event.version,
      type,
      data,
      recordedAt: event.recordedAt,
      actor: event.actorRole === 'system' ? null : this.participants.label(event.actorId),
      actorRole: event.actorRole,
      rulesVersion: event.rulesVersion,
    };
  }

  /** The event's type and data (JSON text) in their current form, people in the data renamed. */
  private current(event: EventText): { type: string; data: string } {
    const { upcasters, outdated, personal } = this.rewrites;
    const fields = personal.get(event.type);
    if (event.apart !== undefined && fields) {
      // Only the fields read apart are rewritten, and the same few people recur: each once per export.
      const key = `${event.type}\n${event.apart}`;
      let renamed = this.renamed.get(key);
      if (renamed === undefined) {
        renamed = JSON.stringify(this.withoutPersons(JSON.parse(event.apart), fields));
        this.renamed.set(key, renamed);
      }
      // The rest of the data is written as the database printed it.
      const data = event.data === '{}' ? renamed : `${event.data.slice(0, -1)}, ${renamed.slice(1)}`;
      return { type: event.type, data };
    }
    if (!outdated.has(event.type) && !fields) return event;
    const parsed: DomainEvent = { type: event.type, data: dataOf(event) };
    const current = outdated.has(event.type) ? upcast(upcasters, parsed) : parsed;
    const currentFields = personal.get(current.type);
    const data = currentFields
      ? this.withoutPersons(current.data as Record<string, unknown>, currentFields)
      : current.data;
    return { type: current.type, data: JSON.stringify(data) };
  }

  /** The data with its user ids as pseudonyms and, unless opted in, its names left out. */
  private withoutPersons(data: Record<string, unknown>, fields: Array<{ name: string; personal: Personal }>) {
    const copy = { ...data };
    for (const { name, personal } of fields) {
      const value = copy[name];
      if (typeof value !== 'string') continue;
      if (personal === 'user') copy[name] = this.participants.pseudonym(value);
      else if (!this.participants.withNames) copy[name] = null;
    }
    return copy;
  }
}

export const actorsOf = (page: readonly EventText[]) =>
  page.filter((event) => event.actorRole !== 'system').map((event) => event.actorId);

const longRow = (line: EventLogLineText) => csvRow(LINE_COLUMNS.map((column) => line[column]));

/**
 * Text written at a time, about a megabyte: a whole page (5,000 events of up to a few kilobytes)
 * held as one string, and again in the socket's buffer, doubled the memory an export holds.
 */
const CHARACTERS_PER_WRITE = 1_000_000;

/** Writes the events of `games` as JSONL or the long CSV; returns the number of events written. */
async function writeEventLog(
  games: readonly ExportedGame[],
  format: 'jsonl' | 'csv-long',
  pages: PageSource,
  participants: Participants,
  sink: OutputSink,
  lines?: LineSource,
): Promise<number> {
  let count = 0;
  if (format === 'csv-long') await sink.write(csvRow(LINE_COLUMNS));
  for (const game of games) {
    if (format === 'jsonl' && lines) {
      count += await lines(game, participants, (piece) => sink.write(piece));
      continue;
    }
    const maker = new LineMaker(participants, game);
    for await (const page of pages(game)) {
      await participants.meet(actorsOf(page));
      let chunk = '';
      for (const event of page) {
        const line = maker.line(event);
        chunk += format === 'jsonl' ? `${eventLogLineJson(line)}\n` : longRow(line);
        if (chunk.length >= CHARACTERS_PER_WRITE) {
          await sink.write(chunk);
          chunk = '';
        }
      }
      count += page.length;
      if (chunk) await sink.write(chunk);
    }
  }
  return count;
}

/** Who held a facility during a week: the seat's user (null: free) and whether the computer played it. */
interface Seat {
  userId: string | null;
  computer: boolean;
}

/** Rows of the wide layout written per write: a few hundred kilobytes. */
const ROWS_PER_WRITE = 1000;

/**
 * Writes the wide layout of the beer games among `games` (others have no weeks and are skipped):
 * each game folded with the published reducer, then one row per week played and facility.
 * Returns the number of rows written.
 */
async function writeWeeks(
  games: readonly ExportedGame[],
  pages: PageSource,
  participants: Participants,
  sink: OutputSink,
): Promise<number> {
  const beergame = gameTypes.beergame.stream;
  await sink.write(csvRow(WIDE_COLUMNS));
  let count = 0;
  for (const game of games) {
    if (game.type !== gameTypes.beergame.name) continue;
    let state: BeerState = beergame.decider.initialState;
    const seats = new Map<string, Seat>();
    for await (const page of pages(game))
      for (const stored of page) {
        const event = upcast(beergame.upcasters, { type: stored.type, data: dataOf(stored) });
        // The seats as the week closes are those that played it.
        if (event.type === 'WeekClosed') {
          const { week } = event.data as { week: number };
          for (const f of state.facilities)
            seats.set(`${week}/${f.id}`, { userId: f.userId, computer: f.computer });
        }
        state = beergame.decider.evolve(state, event as Parameters<typeof beergame.decider.evolve>[1]);
      }
    const seatOf = (week: number, facilityIndex: number): Seat => {
      const f = state.facilities[facilityIndex]!;
      return seats.get(`${week}/${f.id}`) ?? { userId: f.userId, computer: f.computer };
    };
    const weeks = weeksPlayed(state);
    const rows: string[] = [];
    const holders = state.facilities.flatMap((f, i) =>
      f.history.slice(0, weeks).map((row) => seatOf(row.week, i).userId),
    );
    await participants.meet(holders.filter((id): id is string => id !== null));
    for (let k = 0; k < weeks; k++)
      for (const [i, f] of state.facilities.entries()) {
        const row = f.history[k];
        if (!row) continue;
        const seat = seatOf(row.week, i);
        const values: Record<(typeof WIDE_COLUMNS)[number], unknown> = {
          gameId: game.id,
          gameName: game.name,
          facilityId: f.id,
          facilityName: state.config.facilities.find((c) => c.id === f.id)?.name ?? f.id,
          participant: seat.userId === null ? null : participants.label(seat.userId),
          computer: seat.computer,
          ...row,
        };
        rows.push(
          csvRow(
            WIDE_COLUMNS.map((column) => {
              const value = values[column];
              return value !== null && typeof value === 'object'
                ? JSON.stringify(value)
                : (value as CsvValue);
            }),
          ),
        );
        count++;
        if (rows.length === ROWS_PER_WRITE) await sink.write(rows.splice(0).join(''));
      }
    await sink.write(rows.join(''));
  }
  return count;
}

/**
 * Writes the wide layout of the lean games among `games`: each game's events read through the
 * upcasters, then one row per round, minute and facility. Returns the number of rows written.
 */
async function writeLeanMinutes(
  games: readonly ExportedGame[],
  pages: PageSource,
  participants: Participants,
  sink: OutputSink,
): Promise<number> {
  const { upcasters } = gameTypes.leangame.stream;
  await sink.write(csvRow(LEAN_WIDE_COLUMNS));
  let count = 0;
  for (const game of games) {
    if (game.type !== gameTypes.leangame.name) continue;
    // A game's events fit in memory (a 20-minute round of the factory records about a thousand).
    const events: LeanEvent[] = [];
    for await (const page of pages(game))
      for (const stored of page)
        events.push(upcast(upcasters, { type: stored.type, data: dataOf(stored) }) as LeanEvent);
    const rows = leanMinuteRows(events);
    await participants.meet(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])));
    const lines = rows.map((row) => {
      const values: Record<(typeof LEAN_WIDE_COLUMNS)[number], CsvValue> = {
        gameId: game.id,
        gameName: game.name,
        ...row,
        participant: row.userId === null ? null : participants.label(row.userId),
      };
      return csvRow(LEAN_WIDE_COLUMNS.map((column) => values[column]));
    });
    for (let i = 0; i < lines.length; i += ROWS_PER_WRITE)
      await sink.write(lines.slice(i, i + ROWS_PER_WRITE).join(''));
    count += rows.length;
  }
  return count;
}

/**
 * The wide layout an export of `games` takes: a lean game's minutes when it holds lean games only,
 * else the beer games' weeks (one file has one set of columns).
 */
export const wideLayoutOf = (games: readonly ExportedGame[]): 'weeks' | 'minutes' =>
  games.length > 0 && games.every((g) => g.type === gameTypes.leangame.name) ? 'minutes' : 'weeks';

export interface ResearchExport {
  games: readonly ExportedGame[];
  format: EventFormat;
  pages: PageSource;
  /** Where the database builds JSONL lines itself (PostgreSQL): used for that format instead of `pages`. */
  lines?: LineSource;
  participants: Participants;
  out: Writable;
}

/**
 * Writes an export of games' events to `out` (not ended: the caller ends it). Returns the number of
 * events (JSONL, long CSV) or rows (wide CSV) written; throws `ExportAborted` when `out` closes first.
 */
export function writeResearchExport(e: ResearchExport): Promise<number> {
  const sink = new OutputSink(e.out);
  if (e.format !== 'csv-wide')
    return writeEventLog(e.games, e.format, e.pages, e.participants, sink, e.lines);
  return wideLayoutOf(e.games) === 'minutes'
    ? writeLeanMinutes(e.games, e.pages, e.participants, sink)
    : writeWeeks(e.games, e.pages, e.participants, sink);
}
