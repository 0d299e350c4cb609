/**
 * The JSONL export built by PostgreSQL (research-copy.ts) writes the same bytes as the export
 * made from pages (research.ts) for the same log: people as pseudonyms or names, events an
 * upcaster rewrites, personal fields null, absent or not text, odd text, a person first met late,
 * an event larger than a read, beer and lean games, one game or several.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { EventStore } from '../../src-server/eventstore/event-store';
import { InProcessFeed } from '../../src-server/eventstore/live-feed';
import { Participants } from '../../src-server/exports/participants';
import { type ExportedGame, storedEventPages, writeResearchExport } from '../../src-server/exports/research';
import { copiedLogLines } from '../../src-server/exports/research-copy';
import { freshDatabase, itOnPostgres, type TestDatabase } from '../support/database';

let database: TestDatabase;
const BEER: ExportedGame = { id: 'beer1', name: 'Beer', type: 'beergame' };
const LEAN: ExportedGame = { id: 'lean1', name: 'Lean', type: 'leangame' };
const BEER_EVENTS = 16_000;

interface Row {
  type: string;
  data: Record<string, unknown>;
  actor: string;
  role?: 'player' | 'instructor' | 'system';
  /** As PostgreSQL reads it, in UTC. */
  at?: string;
}

const PLAYERS = ['u-ana', 'u-"q\\uote"', 'u-é✓'];
const ODD_TEXT = 'Order, "carefully"\n\tplease \u0001\u0006 ✓ 😀 \\ /';

/** The first events of a beer game's log, with every odd case. */
function oddBeerRows(): Row[] {
  return [
    // An old shape of GameCreated (no language, no draft): the upcaster rewrites it.
    {
      type: 'GameCreated',
      data: { gameId: 'beer1', creatorId: 'u-teacher', config: { weeks: 36 } },
      actor: 'u-teacher',
      role: 'instructor',
    },
    ...PLAYERS.map((userId, i) => ({
      type: 'RoleJoined',
      data: { facilityId: `f${i}`, userId },
      actor: userId,
    })),
    {
      type: 'RoleTakenBack',
      data: { facilityId: 'f0', userId: null },
      actor: 'u-teacher',
      role: 'instructor',
    },
    { type: 'OrderPlaced', data: { facilityId: 'f0', quantity: 1.5, userId: 42 }, actor: 'u-ana' },
    { type: 'OrderPlaced', data: { facilityId: 'f0', quantity: 1e2, week: -0 }, actor: 'u-ana' },
    { type: 'RoleLeft', data: { userId: 'u-ana' }, actor: 'u-ana' },
    {
      type: 'MessageSent',
      data: { to: 'all', text: ODD_TEXT, nested: { userId: 'u-ana', list: [1, { a: null }] } },
      actor: 'u-teacher',
      role: 'instructor',
    },
    { type: 'WeekClosed', data: { week: 1 }, actor: 'system', role: 'system', at: '2026-11-22 09:30:00' },
    { type: 'WeekClosed', data: { week: 2 }, actor: 'system', role: 'system', at: '2026-11-22 09:30:00.5' },
    {
      type: 'DebriefQuestionAnswered',
      data: { answer: { userId: 'u-x', text: ODD_TEXT }, userId: 'u-é✓' },
      actor: 'u-é✓',
    },
  ];
}

/** A beer game's log: the odd cases, then orders, long enough for several COPYs. */
function beerRows(): Row[] {
  const rows = oddBeerRows();
  for (let i = rows.length; i < BEER_EVENTS; i++) {
    // Someone first met in the third COPY (versions 3001 to 7000), then in the fifth (after 15000).
    const userId = i === 3500 || i > 15_000 ? 'u-late' : PLAYERS[i % PLAYERS.length]!;
    rows.push({
      type: 'OrderPlaced',
      data: { week: i % 36, quantity: i % 13, facilityId: 'f1', capabilityId: 'A1', userId },
      actor: userId,
      at: `2026-11-22 10:00:${String(i % 60).padStart(2, '0')}.${i}`,
    });
    // An event an upcaster rewrites, larger than a read of the socket: its line comes in pieces.
    if (i === 5000)
      rows.push({
        type: 'GameCreated',
        data: {
          gameId: 'beer1',
          creatorId: 'u-late',
          config: { language: null, padding: 'x'.repeat(300_000) },
        },
        actor: 'u-late',
        role: 'instructor',
      });
  }
  return rows;
}

function leanRows(): Row[] {
  return [
    {
      type: 'LeanGameCreated',
      data: { gameId: 'lean1', creatorId: 'u-teacher', setup: { params: { seed: 1 } } },
      actor: 'u-teacher',
      role: 'instructor',
    },
    {
      type: 'PlayerJoined',
      data: { at: 1, facilityId: 's1', userId: 'u-ana', playerName: 'Ana "the" best\n' },
      actor: 'u-ana',
    },
    {
      type: 'PlayerJoined',
      data: { at: 2, facilityId: 's2', userId: 'u-bo', playerName: null },
      actor: 'u-bo',
    },
    { type: 'PlayerJoined', data: { at: 3, facilityId: 's3', userId: 'u-cy' }, actor: 'u-cy' },
    { type: 'ImprovementsPanelOpened', data: { at: 4, by: 'u-bo' }, actor: 'u-bo' },
    { type: 'GameEnded', data: { at: 5 }, actor: 'system', role: 'system' },
  ];
}

async function insert(streamId: string, rows: Row[]) {
  const db = database.handle.db;
  for (let first = 0; first < rows.length; first += 1000)
    await db
      .insertInto('events')
      .values(
        rows.slice(first, first + 1000).map((row, i) => ({
          stream_id: streamId,
          stream_version: first + i + 1,
          type: row.type,
          data: JSON.stringify(row.data),
          metadata: JSON.stringify({
            actorId: row.actor,
            actorRole: row.role ?? 'player',
            commandId: `c${first + i}`,
            commandIndex: 0,
            serverTime: 0,
            rulesVersion: 1,
          }),
          ...(row.at ? { recorded_at: `${row.at}+00` } : {}),
        })) as never,
      )
      .execute();
}

async function exported(games: ExportedGame[], participants: Participants, copied: boolean) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const { handle } = database;
  const count = await writeResearchExport({
    games,
    format: 'jsonl',
    pages: storedEventPages(new EventStore(handle.db, new InProcessFeed())),
    lines: copied ? copiedLogLines(handle.pool!) : undefined,
    participants,
    out,
  });
  return { text: Buffer.concat(chunks).toString('utf8'), count };
}

beforeAll(async () => {
  database = await freshDatabase();
  if (!database.handle.pool) return;
  await insert('game-beer1', beerRows());
  await insert('game-lean1', leanRows());
});
afterAll(() => database.drop());

const NAMES: Record<string, string> = {
  'u-ana': 'Ana "A" \\ Ä\u0007',
  'u-late': 'Late',
  'u-teacher': 'Teacher',
};

describe('the JSONL export built by PostgreSQL', () => {
  itOnPostgres(
    'writes the bytes the pages write, pseudonymous or named, one game or several',
    async () => {
      for (const names of [false, true])
        for (const games of [[BEER], [LEAN], [BEER, LEAN]]) {
          const participants = new Participants(
            names
              ? async (ids) => Object.fromEntries(ids.flatMap((id) => (NAMES[id] ? [[id, NAMES[id]]] : [])))
              : undefined,
          );
          const fromPages = await exported(games, participants, false);
          const copied = await exported(games, participants, true);
          expect(copied.count).toBe(fromPages.count);
          expect(copied.text.length).toBe(fromPages.text.length);
          expect(
            copied.text === fromPages.text,
            `${names ? 'named' : 'pseudonymous'} ${games.map((g) => g.id)}`,
          ).toBe(true);
        }
    },
    120_000,
  );

  itOnPostgres('counts the events of every game, and writes nothing for an empty one', async () => {
    const empty = await exported([{ id: 'none', name: 'None', type: 'beergame' }], new Participants(), true);
    expect(empty).toEqual({ text: '', count: 0 });
    const { count, text } = await exported([BEER, LEAN], new Participants(), true);
    expect(count).toBe(BEER_EVENTS + 1 + leanRows().length);
    expect(text.split('\n')).toHaveLength(count + 1);
  });
});
