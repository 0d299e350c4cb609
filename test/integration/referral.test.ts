import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { freshDatabase } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

/**
 * The referral program (spec point 9): an instructor joins it and shares a link with
 * `?invitedby=`; an account opened from it records its referrer once, within a day, and only an
 * instructor of the program may be one.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: RunningServer;
let referrer: ApiUser;
const clients: ApiUser[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  referrer = await signUpInstructor(server.url, 'referrer@example.org');
  clients.push(referrer);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
  await database.drop();
});

const newcomer = async (email: string) => {
  const user = await signUpInstructor(server.url, email);
  clients.push(user);
  return user;
};
const invitedByOf = async (userId: string) =>
  (
    await server.services.database.db
      .selectFrom('user')
      .select('invitedBy')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).invitedBy;

describe('the referral program', () => {
  it('gives a link once joined', async () => {
    expect(await referrer.api.account.referral.query()).toEqual({ joined: false, link: null });
    const link = `${server.services.publicUrl}/signup?invitedby=${referrer.userId}`;
    expect(await referrer.api.account.joinReferralProgram.mutate()).toEqual({ joined: true, link });
    expect(await referrer.api.account.referral.query()).toEqual({ joined: true, link });
    // Joining again changes nothing.
    expect(await referrer.api.account.joinReferralProgram.mutate()).toEqual({ joined: true, link });
  });

  it('records the referrer of a new account once', async () => {
    const invited = await newcomer('invited@example.org');
    const other = await newcomer('other-referrer@example.org');
    await other.api.account.joinReferralProgram.mutate();
    expect(await invited.api.account.recordReferral.mutate({ referrerId: referrer.userId })).toEqual({
      recorded: true,
    });
    expect(await invited.api.account.recordReferral.mutate({ referrerId: other.userId })).toEqual({
      recorded: false,
    });
    expect(await invitedByOf(invited.userId)).toBe(referrer.userId);
  });

  it('records nothing for oneself, an unknown user, a referrer out of the program or an old account', async () => {
    const invited = await newcomer('late@example.org');
    const outsider = await newcomer('outsider@example.org');
    const anonymous = await signInAnonymous(server.url, 'Riley');
    clients.push(anonymous);
    for (const referrerId of [invited.userId, 'no-such-user', outsider.userId, anonymous.userId])
      expect(await invited.api.account.recordReferral.mutate({ referrerId })).toEqual({ recorded: false });
    await sql`update "user" set "createdAt" = now() - interval '25 hours' where id = ${invited.userId}`.execute(
      server.services.database.db,
    );
    expect(await invited.api.account.recordReferral.mutate({ referrerId: referrer.userId })).toEqual({
      recorded: false,
    });
    expect(await invitedByOf(invited.userId)).toBeNull();
  });

  it('is an instructor’s: a player is refused', async () => {
    const player = await signInAnonymous(server.url, 'Sam');
    clients.push(player);
    await expect(player.api.account.referral.query()).rejects.toMatchObject({
      data: { messageId: 'dashboard.messLoginToAccess' },
    });
    await expect(player.api.account.recordReferral.mutate({ referrerId: referrer.userId })).rejects.toThrow();
  });
});
