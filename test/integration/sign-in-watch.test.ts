/**
 * The revocation check of live subscriptions (src-server/auth/sign-in-watch.ts), on every database
 * engine: one query answers for every watched session, and only sessions gone or expired end
 * their subscriptions. The whole path (sign out, the subscription ends) is in game-api.test.ts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestOf, SignInWatch } from '../../src-server/auth/sign-in-watch';
import { type Backend, databaseBackends, type TestDatabase } from '../support/database';

describe.each(databaseBackends())('sign-in watch on $name', (backend: Backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.open();
    const { db } = database.handle;
    await sql`insert into "user" (id, name, email, "emailVerified") values ('u1', 'Ada', 'ada@example.org', true)`.execute(
      db,
    );
    for (const [token, expires] of [
      ['kept', "now() + interval '1 day'"],
      ['signed-out', "now() + interval '1 day'"],
      ['expired', "now() - interval '1 second'"],
    ] as const)
      await sql`insert into "session" (id, token, "userId", "expiresAt", "updatedAt")
        values (${token}, ${token}, 'u1', ${sql.raw(expires)}, now())`.execute(db);
  });
  afterAll(() => database.drop());

  it('ends the subscriptions of revoked sessions only, once each', async () => {
    const watch = new SignInWatch(database.handle.db, 60_000);
    const ended: string[] = [];
    const watchAs = (token: string, name: string) => watch.watch(token, () => ended.push(name));
    watchAs('kept', 'kept page');
    watchAs('signed-out', 'first tab');
    watchAs('signed-out', 'second tab');
    const unwatched = watchAs('signed-out', 'closed tab');
    watchAs('expired', 'expired page');
    unwatched();

    await watch.check();
    expect(ended.sort()).toEqual(['expired page']);

    await sql`delete from "session" where token = 'signed-out'`.execute(database.handle.db);
    await watch.check();
    await watch.check();
    expect(ended.sort()).toEqual(['expired page', 'first tab', 'second tab']);
    watch.stop();
  });

  it('ends a session’s subscriptions at once when told, here and, by a digest, in the other processes', () => {
    const said: string[] = [];
    let hear: (digest: string) => void = () => undefined;
    const bus = {
      publish: (digest: string) => said.push(digest),
      subscribe: (listener: (digest: string) => void) => {
        hear = listener;
        return () => undefined;
      },
    };
    const here = new SignInWatch(database.handle.db, 600_000, bus);
    const ended: string[] = [];
    here.watch('kept', () => ended.push('kept page'));
    here.watch('signed-out-here', () => ended.push('this process'));
    here.watch('signed-out-there', () => ended.push('from another process'));
    here.ended('signed-out-here');
    expect(ended).toEqual(['this process']);
    // The bus carries a digest of the token, never the token.
    expect(said).toEqual([digestOf('signed-out-here')]);
    expect(said[0]).not.toContain('signed-out-here');
    hear(digestOf('signed-out-there'));
    hear(digestOf('nobody watched this one'));
    expect(ended).toEqual(['this process', 'from another process']);
    here.close();
  });
});
