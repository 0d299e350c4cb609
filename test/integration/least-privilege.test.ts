/**
 * Least privilege (issue 8): the migration role owns the schema; the serving role reads and
 * appends events but can neither change them nor switch off the rule that keeps them append-only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { currentRole } from '../../src-server/db/roles';
import type { RunningServer } from '../../src-server/main';
import { claimDue } from '../../src-server/scheduler/deadlines';
import { gameTypes } from '../../src-server/streams';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { itOnPostgres, onPostgres } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

const suffix = randomBytes(6).toString('hex');
const databaseName = `least_privilege_${suffix}`;
const appRole = `app_${suffix}`;
let migrationUrl: string;
let servingUrl: string;
let server: RunningServer | undefined;
let gameId: string;
const clients: ApiUser[] = [];

/** A statement as `url`'s role, on a connection of its own. */
async function asRole<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const admin = <T>(run: (client: pg.Client) => Promise<T>) => asRole(inject('databaseUrl'), run);

/** The PostgreSQL error code (SQLSTATE) a statement of the serving role fails with. */
const refusalOf = (sql: string) =>
  asRole(servingUrl, (client) => client.query(sql)).then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  );

const start = () => startTestServer({ databaseUrl: servingUrl, migrationDatabaseUrl: migrationUrl });

beforeAll(async () => {
  if (!onPostgres()) return;
  // Trust authentication: the role needs no password, only LOGIN.
  await admin(async (client) => {
    await client.query(`create database ${databaseName}`);
    await client.query(`create role ${appRole} login`);
  });
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${databaseName}`;
  migrationUrl = url.toString();
  url.username = appRole;
  url.password = '';
  servingUrl = url.toString();
  server = await start();
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server?.close();
  if (!onPostgres()) return;
  // The role's grants live in its database: dropping the database first frees the role.
  await admin(async (client) => {
    await client.query(`drop database if exists ${databaseName} with (force)`);
    await client.query(`drop role if exists ${appRole}`);
  });
});

describe('a serving role apart from the migration role', () => {
  itOnPostgres('serves the whole game through the serving role', async () => {
    const instructor = await signUpInstructor(server!.url, 'least@example.org');
    const player = await signInAnonymous(server!.url, 'Pat');
    clients.push(instructor, player);
    ({ gameId } = await instructor.api.beergame.create.mutate({
      name: 'Least privilege',
      template: 'classic',
    }));
    await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
    await player.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: 4,
      commandId: randomUUID(),
    });
    const { games } = await instructor.api.dashboard.games.query({});
    expect(games).toEqual([expect.objectContaining({ id: gameId, name: 'Least privilege', players: 1 })]);
    // The server really serves as the app role, and the events belong to the migration role.
    expect(await currentRole(server!.services.database.db)).toBe(appRole);
    const { rows } = await asRole(migrationUrl, (client) =>
      client.query<{ owner: string; me: string }>(
        "select tableowner as owner, current_user as me from pg_tables where tablename = 'events'",
      ),
    );
    expect(rows[0]!.owner).toBe(rows[0]!.me);
  });

  itOnPostgres('lets the serving role read the events but not change, delete or unguard them', async () => {
    const { rows } = await asRole(servingUrl, (client) =>
      client.query<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [
        gameStreamId(gameId),
      ]),
    );
    expect(rows.map((row) => row.type)).toEqual(
      expect.arrayContaining(['GameCreated', 'RoleJoined', 'OrderPlaced']),
    );

    // 42501 is insufficient_privilege: "must be owner" and "permission denied" alike.
    expect(await refusalOf('alter table events disable trigger events_append_only')).toBe('42501');
    expect(await refusalOf('alter table events disable trigger all')).toBe('42501');
    expect(await refusalOf("update events set type = 'x'")).toBe('42501');
    expect(await refusalOf('delete from events')).toBe('42501');
    expect(await refusalOf('truncate events')).toBe('42501');
    expect(await refusalOf('drop table events')).toBe('42501');
    // Replica mode would skip the triggers: only a superuser may enter it.
    expect(await refusalOf('set session_replication_role = replica')).toBe('42501');
    // The migrator's bookkeeping is the owner's: no forged "already applied" row.
    expect(
      await refusalOf("insert into kysely_migration (name, timestamp) values ('9999_forged', now()::text)"),
    ).toBe('42501');
    expect(await refusalOf('delete from kysely_migration')).toBe('42501');

    const after = await asRole(servingUrl, (client) =>
      client.query('select count(*)::int as n from events where stream_id = $1', [gameStreamId(gameId)]),
    );
    expect(after.rows[0].n).toBe(rows.length);
  });

  itOnPostgres('lets the serving role set, claim and drop deadlines (the scheduler runs as it)', async () => {
    const dueAt = new Date(Date.now() - 1_000);
    // The creator's timer: its row is written in the append transaction, as the serving role.
    await server!.services.commands.execute(
      gameTypes.beergame.stream,
      gameStreamId(gameId),
      { type: 'StartTimer', seconds: 60 },
      { now: Date.now(), actor: { userId: clients[0]!.userId, role: 'instructor' }, commandId: randomUUID() },
    );
    const claimed = await claimDue(server!.services.database.db, {
      now: Date.now(),
      leaseUntil: Date.now() + 60_000,
      owner: 'least-privilege-test',
      limit: 10,
    });
    expect(claimed).toEqual([]);
    await asRole(servingUrl, async (client) => {
      await client.query(
        `insert into deadlines (stream_id, kind, game_type, due_at) values ('game-x', 'turn', 'beergame', $1)`,
        [dueAt],
      );
      await client.query(`update deadlines set claimed_by = 'me' where stream_id = 'game-x'`);
      await client.query(`delete from deadlines where stream_id = 'game-x'`);
    });
    const { rows } = await asRole(servingUrl, (client) =>
      client.query<{ kind: string }>('select kind from deadlines where stream_id = $1', [
        gameStreamId(gameId),
      ]),
    );
    expect(rows).toEqual([{ kind: 'turn' }]);
  });

  itOnPostgres('starts again on the same roles: migrations done, grants given again', async () => {
    await server!.close();
    server = undefined;
    server = await start();
    const instructor = await signUpInstructor(server.url, 'again@example.org');
    clients.push(instructor);
    const { gameId: second } = await instructor.api.beergame.create.mutate({
      name: 'After restart',
      template: 'classic',
    });
    const { games } = await instructor.api.dashboard.games.query({});
    expect(games.map((game) => game.id)).toEqual([second]);
    expect(await refusalOf("update events set type = 'x'")).toBe('42501');
  });
});
