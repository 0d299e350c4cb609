/**
 * The research export's formats on a game played in memory: JSONL that folds back to the game,
 * CSV quoted as RFC 4180 says, the wide layout, pseudonyms, backpressure, and a codebook that
 * covers every event type and field.
 */
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { foldRecorded } from '../../src-server/eventstore/command-handler';
import { type EventText, isoTime } from '../../src-server/eventstore/event-store';
import {
  codebook,
  codebookMarkdown,
  LINE_COLUMNS,
  personalFields,
  WIDE_COLUMNS,
} from '../../src-server/exports/codebook';
import { csvField, csvRow } from '../../src-server/exports/csv';
import { Participants } from '../../src-server/exports/participants';
import {
  type EventFormat,
  type ExportedGame,
  eventText,
  type PageSource,
  writeResearchExport,
} from '../../src-server/exports/research';
import { gameTypes } from '../../src-server/streams';
import { BEER_EVENT_TYPES, type BeerCommand } from '../../src-shared/beergame';
import type { CommandContext, RecordedEvent } from '../../src-shared/eventsourcing';
import {
  eventLogLineJson,
  fromEventLogLine,
  parseEventLogLine,
  toEventLogLine,
} from '../../src-shared/eventsourcing/event-log';
import { LEAN_EVENT_TYPES } from '../../src-shared/leangame';
import { as, CLASSIC, CREATOR, created, Game, system } from './beergame/helpers';

const GAME: ExportedGame = { id: 'g1', name: 'Monday, "A" class', type: 'beergame' };

/** A beer game played by four players, two weeks closed, recorded as the store would. */
function playedGame(): { events: RecordedEvent[]; game: Game } {
  const game = new Game();
  const events: RecordedEvent[] = [];
  const record = (command: BeerCommand | null, ctx: CommandContext) => {
    const decided = command ? game.run(command, ctx) : [created()];
    if (!command) game.apply(...decided);
    for (const [index, event] of decided.entries())
      events.push({
        globalPosition: 100 + events.length,
        streamId: 'game-g1',
        streamVersion: events.length + 1,
        type: event.type,
        data: event.data,
        metadata: {
          actorId: ctx.actor.userId,
          actorRole: ctx.actor.role,
          commandId: `c${events.length}`,
          commandIndex: index,
          serverTime: ctx.now,
          rulesVersion: 1,
        },
        recordedAt: new Date(ctx.now),
      });
  };
  record(null, as(CREATOR));
  for (const id of CLASSIC) record({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
  record({ type: 'SendMessage', to: 'all', text: 'Order, "carefully"\nplease' }, as(CREATOR));
  for (const id of CLASSIC) record({ type: 'PlaceOrder', facilityId: id, quantity: 5 }, as(`u-${id}`));
  record({ type: 'CloseWeek', reason: 'instructor' }, system);
  record({ type: 'HandToComputer', facilityId: 'factory' }, as(CREATOR));
  record({ type: 'CloseWeek', reason: 'instructor' }, system);
  return { events, game };
}

/** An event as `readStreamTextPage` gives it when asked for its people apart. */
function withPeopleApart(event: RecordedEvent): EventText {
  const text = eventText(event);
  const fields = personalFields().get(event.type);
  if (!fields) return text;
  const data = { ...(event.data as Record<string, unknown>) };
  const apart: Record<string, unknown> = {};
  for (const { name } of fields) {
    apart[name] = data[name];
    delete data[name];
  }
  return { ...text, data: JSON.stringify(data), apart: JSON.stringify(apart) };
}

/** Pages of `size` events from memory, whole or as the store reads them for an export. */
const memoryPages = (events: readonly RecordedEvent[], size = 3, peopleApart = false): PageSource =>
  async function* pages() {
    for (let i = 0; i < events.length; i += size)
      yield events.slice(i, i + size).map(peopleApart ? withPeopleApart : eventText);
  };

async function exported(
  format: EventFormat,
  participants = new Participants(),
  peopleApart = false,
): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeResearchExport({
    games: [GAME],
    format,
    pages: memoryPages(playedGame().events, 3, peopleApart),
    participants,
    out,
  });
  out.end();
  return Buffer.concat(chunks).toString('utf8');
}

/** RFC 4180 read back: rows of fields (quotes doubled inside quoted fields, CRLF line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] === '"') field += text[i++];
        else if (text[i] === '"') break;
        else field += text[i];
      }
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('CSV fields', () => {
  it('quotes commas, quotes and line ends, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-4)).toBe('-4');
    expect(csvField(true)).toBe('true');
    expect(csvRow(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('pseudonyms', () => {
  it('are stable within an export, distinct between people, and differ across exports', () => {
    const one = new Participants();
    const other = new Participants();
    expect(one.pseudonym('u-1')).toMatch(/^P-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(one.pseudonym('u-1')).toBe(one.pseudonym('u-1'));
    expect(one.pseudonym('u-1')).not.toBe(one.pseudonym('u-2'));
    expect(other.pseudonym('u-1')).not.toBe(one.pseudonym('u-1'));
  });

  it('give way to names only when opted in, and only to names known', async () => {
    const named = new Participants(
      async (ids): Promise<Record<string, string>> => (ids.includes('u-1') ? { 'u-1': 'Riley' } : {}),
    );
    await named.meet(['u-1', 'u-gone']);
    expect(named.label('u-1')).toBe('Riley');
    expect(named.label('u-gone')).toBe(named.pseudonym('u-gone'));
    expect(new Participants().label('u-1')).toMatch(/^P-/);
  });
});

describe('JSONL', () => {
  it('writes one line of the public log per event, which folds back to the game', async () => {
    const { events, game } = playedGame();
    const text = await exported('jsonl');
    const lines = text.trimEnd().split('\n').map(parseEventLogLine);
    expect(lines.map((line) => line.position)).toEqual(events.map((event) => event.globalPosition));
    expect(Object.keys(lines[0]!)).toEqual(LINE_COLUMNS);
    expect(lines.find((line) => line.actorRole === 'system')?.actor).toBeNull();
    // People are pseudonyms everywhere, the same in the actor and in the data.
    const joined = lines.filter((line) => line.type === 'RoleJoined');
    expect(joined.map((line) => (line.data as { userId: string }).userId)).toEqual(
      joined.map((l) => l.actor),
    );
    expect(text).not.toContain('u-retailer');
    expect(text).not.toContain(CREATOR);
    // Folded with the published reducer: the same game, people renamed.
    const folded = foldRecorded(gameTypes.beergame.stream, lines.map(fromEventLogLine));
    const renamed = new Map(lines.map((line, i) => [events[i]!.metadata.actorId, line.actor]));
    let expected = JSON.stringify(game.state);
    for (const [id, pseudonym] of renamed)
      if (pseudonym) expected = expected.replaceAll(`"${id}"`, `"${pseudonym}"`);
    expect(folded).toEqual(JSON.parse(expected));
  });

  it('writes the same lines whether an event’s people come apart from its data or not', async () => {
    for (const format of ['jsonl', 'csv-wide'] as const) {
      const participants = new Participants();
      const whole = await exported(format, participants);
      const apart = await exported(format, participants, true);
      if (format === 'csv-wide') expect(apart).toBe(whole);
      else
        expect(apart.trimEnd().split('\n').map(parseEventLogLine)).toEqual(
          whole.trimEnd().split('\n').map(parseEventLogLine),
        );
    }
  });

  it('names the actors when the instructor opted in, user ids in the data staying pseudonyms', async () => {
    const names = Object.fromEntries(CLASSIC.map((id) => [`u-${id}`, `Player ${id}`]));
    const text = await exported('jsonl', new Participants(async () => names));
    const lines = text.trimEnd().split('\n').map(parseEventLogLine);
    const joined = lines.find((line) => line.type === 'RoleJoined')!;
    expect(joined.actor).toBe('Player retailer');
    expect((joined.data as { userId: string }).userId).toMatch(/^P-/);
  });
});

describe('long CSV', () => {
  it('has a header of the line fields and one row per event, data as JSON', async () => {
    const rows = parseCsv(await exported('csv-long'));
    expect(rows[0]).toEqual(LINE_COLUMNS);
    expect(rows).toHaveLength(playedGame().events.length + 1);
    const message = rows.find((row) => row[3] === 'MessageSent')!;
    expect(JSON.parse(message[4]!)).toMatchObject({ text: 'Order, "carefully"\nplease' });
  });
});

describe('wide CSV', () => {
  it('has one row per facility and week, with the participant and the week’s figures', async () => {
    const { game } = playedGame();
    const rows = parseCsv(await exported('csv-wide'));
    expect(rows[0]).toEqual([...WIDE_COLUMNS]);
    // The three weeks played: the fourth, under way, has no row yet.
    expect(rows).toHaveLength(1 + 3 * CLASSIC.length);
    const column = (name: string) => rows[0]!.indexOf(name);
    const retailerWeek1 = rows.find(
      (row) => row[column('week')] === '1' && row[column('facilityId')] === 'retailer',
    )!;
    expect(retailerWeek1[column('gameName')]).toBe(GAME.name);
    expect(retailerWeek1[column('participant')]).toMatch(/^P-/);
    expect(retailerWeek1[column('order')]).toBe('5');
    expect(retailerWeek1[column('cost')]).toBe(String(game.facility('retailer').history[0]!.cost));
    // The factory was handed to the computer before the last week closed, not before the first.
    const closed = playedGame().events.filter((event) => event.type === 'WeekClosed');
    const factoryIn = (week: unknown) =>
      rows.find((row) => row[column('week')] === String(week) && row[column('facilityId')] === 'factory')!;
    expect(factoryIn((closed.at(-1)!.data as { week: number }).week)[column('computer')]).toBe('true');
    const factoryWeek1 = factoryIn(1);
    expect(factoryWeek1[column('computer')]).toBe('false');
  });
});

describe('backpressure', () => {
  it('reads no further pages while the reader does not take what was written', async () => {
    const events = playedGame().events.map(eventText);
    let pulled = 0;
    const pages: PageSource = async function* () {
      for (let i = 0; i < 10; i++) {
        pulled++;
        yield events;
      }
    };
    const waiting: Array<() => void> = [];
    const out = new Writable({
      highWaterMark: 16,
      write(_chunk, _encoding, done) {
        waiting.push(done);
      },
    });
    const writing = writeResearchExport({
      games: [GAME],
      format: 'jsonl',
      pages,
      participants: new Participants(),
      out,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulled).toBe(1);
    const release = setInterval(() => {
      for (const done of waiting.splice(0)) done();
    }, 1);
    await expect(writing).resolves.toBe(10 * events.length);
    clearInterval(release);
  });
});

describe('codebook', () => {
  const book = codebook();
  const typesOf = (gameType: string) => book.gameTypes.find((g) => g.gameType === gameType)!.events;

  it.each([
    ['beergame', BEER_EVENT_TYPES],
    ['leangame', LEAN_EVENT_TYPES],
  ] as const)('has an entry for every %s event type', (gameType, types) => {
    expect(typesOf(gameType).map((event) => event.type)).toEqual([...types]);
  });

  it('gives every event a meaning and every field a type, a unit and a meaning', () => {
    const missing = book.gameTypes.flatMap(({ events }) =>
      events.flatMap((event) => [
        ...(event.meaning ? [] : [event.type]),
        ...event.fields.filter((f) => !f.type || !f.unit || !f.meaning).map((f) => `${event.type}.${f.name}`),
      ]),
    );
    expect(missing).toEqual([]);
  });

  it('lists every field of the data the engine records', () => {
    const { events } = playedGame();
    for (const event of events) {
      const entry = typesOf('beergame').find((e) => e.type === event.type)!;
      // An optional field (a game's session) is listed whether or not this game recorded it.
      const recorded = Object.keys(event.data as object);
      expect(
        entry.fields
          .filter((f) => !f.optional || recorded.includes(f.name))
          .map((f) => f.name)
          .sort(),
        event.type,
      ).toEqual(recorded.sort());
    }
  });

  it('marks who the data names, and renders as Markdown', () => {
    const orderPlaced = typesOf('beergame').find((e) => e.type === 'OrderPlaced')!;
    expect(orderPlaced.fields.find((f) => f.name === 'userId')?.personal).toBe('user');
    expect(orderPlaced.fields.find((f) => f.name === 'quantity')).toMatchObject({
      type: 'integer ≥ 0',
      unit: 'units of product',
    });
    expect(codebookMarkdown()).toContain('### `OrderPlaced`');
  });
});

describe('lines written from the database’s text', () => {
  it('turn PostgreSQL’s printed UTC time into the ISO time a Date writes, milliseconds truncated', () => {
    expect(isoTime('2026-11-22 09:30:00')).toBe('2026-11-22T09:30:00.000Z');
    expect(isoTime('2026-11-22 09:30:00.5')).toBe('2026-11-22T09:30:00.500Z');
    expect(isoTime('2026-11-22 09:30:00.123456')).toBe('2026-11-22T09:30:00.123Z');
    expect(isoTime('2026-11-22 09:30:00.999999')).toBe(
      new Date(Date.UTC(2026, 10, 22, 9, 30, 0, 999.999)).toISOString(),
    );
  });

  it('are the text JSON.stringify writes of the same line, fields in the documented order', () => {
    for (const event of playedGame().events) {
      const line = toEventLogLine(event, event.metadata.actorRole === 'system' ? null : 'P-0123456789');
      expect(eventLogLineJson({ ...line, data: JSON.stringify(line.data) })).toBe(JSON.stringify(line));
    }
  });
});
