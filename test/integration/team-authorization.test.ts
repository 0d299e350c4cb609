/**
 * The team and billing procedures' authorization matrix (issue 27; the rows are in
 * support/team-matrix.ts), on a server with plans on, where the commerce procedures answer. Each
 * cell is what a caller gets: `ok`, or the message id of the refusal; an allowed caller gets their
 * own teams' data only (a member sees their team's invoices, never another team's), and every
 * event the call records is theirs; a refused call records nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src-server/trpc/router';
import { freshDatabase, type TestDatabase } from '../support/database';
import { apiClient, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';
import {
  actorIdOf,
  newTeam,
  purchase,
  REFUSED_TO_ALL,
  recordedSince,
  TEAM_CALLER_DESCRIPTIONS,
  TEAM_CALLERS,
  TEAM_MATRIX_PROCEDURES,
  type TeamCaller,
  type TeamRow,
  type TeamTarget,
  type TeamWorld,
  teamMatrix,
  verifyEmail,
} from '../support/team-matrix';

let database: TestDatabase;
const w = {} as TeamWorld;
let nobody: ReturnType<typeof apiClient>;
const apiOf = (caller: TeamCaller) => (caller === 'nobody' ? nobody.api : w.users[caller].api);

/** The global position of the last event recorded. */
async function lastPosition(): Promise<number> {
  const { last } = await w.server.services.database.db
    .selectFrom('events')
    .select((eb) => eb.fn.max('global_position').as('last'))
    .executeTakeFirstOrThrow();
  return Number(last ?? 0);
}

beforeAll(async () => {
  database = await freshDatabase();
  w.server = await startTestServer({
    databaseUrl: database.url,
    billing: { plans: true },
    // Each cell that changes a team gets a fresh one, founded by a new instructor.
    limits: {
      signUps: { max: 10_000, windowSeconds: 60 },
      gameCreations: { max: 1000, windowSeconds: 60 },
    },
  });
  const instructor = async (email: string) => {
    const user = await signUpInstructor(w.server.url, email);
    await verifyEmail(w.server, user.userId);
    return user;
  };
  w.users = {
    player: await signInAnonymous(w.server.url, 'Pat'),
    teamAdmin: await instructor('admin@example.org'),
    teamMember: await instructor('member@example.org'),
    otherTeamAdmin: await instructor('other-admin@example.org'),
    stranger: await instructor('stranger@example.org'),
  };
  nobody = apiClient(w.server.url, '');
  // The admin's own team (their first), which the member joined by its link, with an invoice.
  const { teamId } = await w.users.teamAdmin.api.team.create.mutate({
    name: 'Northfield',
    commandId: randomUUID(),
  });
  const { joinLink } = await w.users.teamAdmin.api.team.rotateLink.mutate({
    teamId,
    commandId: randomUUID(),
  });
  const [, joinToken] = new URL(joinLink).searchParams.get('joinTeam')!.split('.');
  await w.users.teamMember.api.team.join.mutate({ teamId, joinToken: joinToken!, commandId: randomUUID() });
  await purchase(w.users.teamAdmin.api);
  // The other team, with an invoice that nobody else may ever see.
  const other = await w.users.otherTeamAdmin.api.team.create.mutate({
    name: 'Lakeside',
    commandId: randomUUID(),
  });
  w.otherTeam = {
    teamId: other.teamId,
    invoiceNumber: await purchase(w.users.otherTeamAdmin.api),
  };
}, 60_000);
afterAll(async () => {
  for (const user of Object.values(w.users ?? {})) user.close();
  nobody?.close();
  await w.server?.close();
  await database?.drop();
});

it('has a row for every team and billing procedure of the app router', () => {
  // The public quote has its row in authorization.test.ts (the same for every caller there).
  const commerce = Object.keys(appRouter._def.procedures).filter(
    (path) => (path.startsWith('team.') || path.startsWith('billing.')) && path !== 'billing.quote',
  );
  expect([...TEAM_MATRIX_PROCEDURES].sort()).toEqual(commerce.sort());
});

it('checks what every allowed caller gets back, and says so of a row that allows nobody', () => {
  for (const [procedure, row] of Object.entries(teamMatrix)) {
    const allowed = TEAM_CALLERS.some((caller) => row.expected[caller] === 'ok');
    expect(row.check === REFUSED_TO_ALL, procedure).toBe(!allowed);
  }
});

/**
 * One cell: the call as `caller`, its outcome, and for an allowed call what came back (the row's
 * check) and that every event recorded during the call is the caller's; a refusal records nothing.
 */
async function runCell(row: TeamRow, caller: TeamCaller, target: TeamTarget) {
  await row.prepare?.(target, w);
  const since = await lastPosition();
  let outcome: string;
  let result: unknown;
  try {
    result = await row.call(apiOf(caller), target, w);
    outcome = 'ok';
  } catch (error) {
    const data = (error as { data?: { messageId?: string; httpStatus?: number } }).data;
    outcome = data?.messageId ?? String(error);
    // A refusal is the caller's fault, never the server's.
    expect(data?.httpStatus, outcome).toBeLessThan(500);
  }
  expect(outcome, TEAM_CALLER_DESCRIPTIONS[caller]).toBe(row.expected[caller]);
  if (outcome !== 'ok') {
    expect(await recordedSince(w, since), 'a refused call records nothing').toEqual([]);
    return;
  }
  if (row.check === REFUSED_TO_ALL)
    throw new Error('a row that allows a caller must check what it gets back');
  await row.check(result, caller, target, since, w);
  const others = (await recordedSince(w, since)).filter((event) => event.actorId !== actorIdOf(w, caller));
  expect(others.map((event) => `${event.type} by ${event.actorId} on ${event.streamId}`)).toEqual([]);
}

describe.each(Object.entries(teamMatrix))('%s', (_procedure, row) => {
  let shared: TeamTarget;
  beforeAll(async () => {
    shared = await newTeam(w);
  });

  it.each(TEAM_CALLERS)('for %s', async (caller) => {
    await runCell(row, caller, row.changes ? await newTeam(w) : shared);
  });
});

describe('another team', () => {
  it("is never the team's members' to read, cancel or use: its invoice is unknown to them", async () => {
    const invoiceNumber = w.otherTeam.invoiceNumber;
    for (const caller of ['teamAdmin', 'teamMember', 'stranger'] as const) {
      const api = apiOf(caller);
      const since = await lastPosition();
      for (const call of [
        () => api.billing.invoicePdf.query({ invoiceNumber }),
        () => api.billing.cancelInvoice.mutate({ invoiceNumber, commandId: randomUUID() }),
        () => api.billing.createSessionFromInvoice.mutate({ invoiceNumber, commandId: randomUUID() }),
      ])
        await expect(call(), caller).rejects.toMatchObject({
          data: { messageId: 'billing.errInvoiceUnknown' },
        });
      expect(await recordedSince(w, since)).toEqual([]);
      const invoices = await api.billing.invoices.query();
      expect(invoices.map((invoice) => invoice.teamId)).not.toContain(w.otherTeam.teamId);
    }
  });

  it('is joined by its link only: a wrong token is refused to everyone, and records nothing', async () => {
    const { teamId } = w.otherTeam;
    for (const caller of ['teamAdmin', 'teamMember', 'stranger'] as const) {
      const since = await lastPosition();
      await expect(
        apiOf(caller).team.join.mutate({ teamId, joinToken: 'not-the-token-of-it', commandId: randomUUID() }),
      ).rejects.toMatchObject({ data: { messageId: 'team.errJoinLinkInvalid' } });
      expect(await recordedSince(w, since)).toEqual([]);
    }
  });

  it("shows nothing of it to anyone outside it, and no e-mail to a team's members", async () => {
    for (const caller of ['teamAdmin', 'teamMember', 'stranger'] as const)
      expect(JSON.stringify(await apiOf(caller).team.mine.query())).not.toContain(w.otherTeam.teamId);
    // Where they are a member, no e-mail at all.
    const teams = await apiOf('teamMember').team.mine.query();
    const asMember = teams.filter((team) => team.role === 'member');
    expect(asMember.length).toBeGreaterThan(0);
    expect(JSON.stringify(asMember)).not.toMatch(/@example\.org/);
  });
});
