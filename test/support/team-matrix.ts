/**
 * The authorization matrix of the team and billing procedures (issue 27): who may call each of
 * `team.*` and `billing.*`, and what an allowed caller gets back: their own teams only, a team's
 * invoices to its members and never to another team's, members' e-mails and billing data to
 * admins only. The rows are listed here without a server, so that authorization.test.ts counts
 * them among the app router's procedures; team-authorization.test.ts runs them on a server with
 * plans on (the hosted service), where the commerce procedures answer.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { ownTeamId } from '../../src-server/trpc/team-service';
import { parseJoinTeam } from '../../src-shared/api/team';
import type { PlanGameType } from '../../src-shared/billing/invoice';
import { ledgerStreamId, ledgerYear } from '../../src-shared/billing/ledger';
import type { EventMetadata } from '../../src-shared/eventsourcing';
import { teamStreamId } from '../../src-shared/team';
import { type ApiUser, signUpInstructor } from './server';

/** Who calls, as far as teams go. */
export const TEAM_CALLERS = [
  'nobody',
  'player',
  'teamAdmin',
  'teamMember',
  'otherTeamAdmin',
  'stranger',
] as const;
export type TeamCaller = (typeof TEAM_CALLERS)[number];
export const TEAM_CALLER_DESCRIPTIONS: Record<TeamCaller, string> = {
  nobody: 'no sign-in',
  player: 'an anonymous player',
  teamAdmin: "the team's admin",
  teamMember: 'a member of the team (joined by its link)',
  otherTeamAdmin: 'the admin of another team, which has an invoice of its own',
  stranger: 'an instructor in no team of theirs',
};

type Api = ApiUser['api'];

/** The server and the people of the matrix (set up by team-authorization.test.ts). */
export interface TeamWorld {
  server: RunningServer;
  users: Record<Exclude<TeamCaller, 'nobody'>, ApiUser>;
  /** The other team's id and its invoice, which nobody but its admin ever sees. */
  otherTeam: { teamId: string; invoiceNumber: string };
}

/**
 * A team as a target: made by a founder who bought a plan for it (its invoice), handed its
 * administration to `teamAdmin` and stayed a member; `teamMember` joined it by its link.
 */
export interface TeamTarget {
  teamId: string;
  name: string;
  joinToken: string;
  invoiceNumber: string;
  /** The founder, now a member: whom the member procedures act on. */
  founderId: string;
  /** An address the team's admin invites (the withdrawal's). */
  inviteEmail: string;
}

/** What an allowed caller got back, checked; `since` is the last event recorded before the call. */
export type TeamCheck = (
  result: unknown,
  caller: TeamCaller,
  target: TeamTarget,
  since: number,
  w: TeamWorld,
) => void | Promise<void>;
export const REFUSED_TO_ALL = 'refused to all';
export interface TeamRow {
  /** Set-up by the team's admin before the call (its events are not the call's). */
  prepare?: (target: TeamTarget, w: TeamWorld) => Promise<void>;
  call: (api: Api, target: TeamTarget, w: TeamWorld) => Promise<unknown>;
  /** `ok`, or the message id of the refusal. */
  expected: Record<TeamCaller, string>;
  check: TeamCheck | typeof REFUSED_TO_ALL;
  /** Whether the call changes the team (then each caller gets a fresh one). */
  changes?: boolean;
}

// ----- the people, their teams and what the store recorded -----

const db = (w: TeamWorld) => w.server.services.database.db;
export const actorIdOf = (w: TeamWorld, caller: TeamCaller) =>
  caller === 'nobody' ? 'anonymous' : w.users[caller].userId;

/** The teams `userId` belongs to, with their role, as the read model has them. */
export async function membershipsOf(w: TeamWorld, userId: string) {
  const rows = await db(w)
    .selectFrom('team_members')
    .select(['team_id', 'role', 'games', 'joined_at'])
    .where('user_id', '=', userId)
    .orderBy('joined_at')
    .orderBy('team_id')
    .execute();
  return rows.map((row) => ({ teamId: row.team_id, role: row.role, games: row.games }));
}

const roleIn = async (w: TeamWorld, userId: string, teamId: string) =>
  (await membershipsOf(w, userId)).find((m) => m.teamId === teamId)?.role ?? null;

/** The events recorded after `since` by people (the scheduler's own aside). */
export async function recordedSince(w: TeamWorld, since: number) {
  const rows = await db(w)
    .selectFrom('events')
    .select(['stream_id', 'type', 'metadata'])
    .where('global_position', '>', since)
    .orderBy('global_position')
    .execute();
  return rows
    .map((row) => ({ streamId: row.stream_id, type: row.type, ...(row.metadata as EventMetadata) }))
    .filter((event) => event.actorId !== 'system');
}

/** The events the caller recorded on the target team's stream, as [type, actor]. */
const onTeam = async (w: TeamWorld, teamId: string, since: number) =>
  (await recordedSince(w, since))
    .filter((event) => event.streamId === teamStreamId(teamId))
    .map((event) => [event.type, event.actorId]);

/** The token of a team's join link, as its admin's `team.mine` shows it. */
export async function joinTokenOf(api: Api, teamId: string): Promise<string> {
  const team = (await api.team.mine.query()).find((t) => t.teamId === teamId);
  const value = new URL(team!.joinLink!).searchParams.get('joinTeam');
  return parseJoinTeam(value)!.joinToken;
}

/** An address counts as verified (what team invitations and purchases need). */
export async function verifyEmail(server: RunningServer, userId: string) {
  await server.services.database.db
    .updateTable('user')
    .set({ emailVerified: true })
    .where('id', '=', userId)
    .execute();
  // The sign-in the server remembered for the user's cookie (a few seconds) knew them unverified.
  await server.services.sessions.forgetUser(userId);
}

/** A year's course plan of `gameType` bought by the caller for their first team: its invoice's number. */
export async function purchase(api: Api, gameType: PlanGameType = 'beergame'): Promise<string> {
  const billing = {
    organisation: 'Northfield',
    address: ['12 College Road'],
    countryCode: 'IE',
    euVatNumber: null,
  };
  const bought = await api.billing.purchase.mutate({
    gameType,
    planName: 'course',
    durationDays: 365,
    billing,
    commandId: randomUUID(),
  });
  return bought.invoiceNumber;
}

let founded = 0;
/** A fresh team: its founder buys a plan for it, `teamMember` joins, `teamAdmin` joins and becomes its admin. */
export async function newTeam(w: TeamWorld): Promise<TeamTarget> {
  const n = ++founded;
  const founder = await signUpInstructor(w.server.url, `founder${n}@example.org`);
  const name = `Matrix team ${n}`;
  const { teamId } = await founder.api.team.create.mutate({ name, commandId: randomUUID() });
  const joinToken = await joinTokenOf(founder.api, teamId);
  for (const caller of ['teamAdmin', 'teamMember'] as const)
    await w.users[caller].api.team.join.mutate({ teamId, joinToken, commandId: randomUUID() });
  // Bought by its founder (its first team), before they hand it on.
  const invoiceNumber = await purchase(founder.api);
  const adminId = w.users.teamAdmin.userId;
  await founder.api.team.transferAdmin.mutate({ teamId, userId: adminId, commandId: randomUUID() });
  founder.close();
  return {
    teamId,
    name,
    joinToken,
    invoiceNumber,
    founderId: founder.userId,
    inviteEmail: `invitee${n}@example.org`,
  };
}

// ----- the checks -----

/** `{ ok: true }` alone, and the caller's event of `type` on the team's stream. */
const okRecorded =
  (type: string): TeamCheck =>
  async (result, caller, { teamId }, since, w) => {
    expect(result).toEqual({ ok: true });
    expect(await onTeam(w, teamId, since)).toContainEqual([type, actorIdOf(w, caller)]);
  };

/** The caller's teams as `team.mine` shows them: theirs only; e-mails, invitations and the link to admins only. */
const ownTeamsOnly: TeamCheck = async (result, caller, target, _since, w) => {
  type Team = Awaited<ReturnType<Api['team']['mine']['query']>>[number];
  const teams = result as Team[];
  const userId = actorIdOf(w, caller);
  const memberships = await membershipsOf(w, userId);
  expect(teams.map((t) => [t.teamId, t.role])).toEqual(memberships.map((m) => [m.teamId, m.role]));
  expect(teams.map((t) => t.first)).toEqual(teams.map((_t, index) => index === 0));
  const inTarget = teams.find((t) => t.teamId === target.teamId);
  expect(inTarget?.role ?? null).toBe(
    caller === 'teamAdmin' ? 'admin' : caller === 'teamMember' ? 'member' : null,
  );
  expect(teams.some((t) => t.teamId === w.otherTeam.teamId)).toBe(caller === 'otherTeamAdmin');
  for (const team of teams) {
    if (team.role === 'member') {
      expect(team.members.map((m) => m.email)).toEqual(team.members.map(() => null));
      expect({ invites: team.invites, joinLink: team.joinLink }).toEqual({ invites: [], joinLink: null });
      continue;
    }
    const emails = await db(w)
      .selectFrom('user')
      .select(['id', 'email'])
      .where(
        'id',
        'in',
        team.members.map((m) => m.userId),
      )
      .execute();
    expect(Object.fromEntries(team.members.map((m) => [m.userId, m.email]))).toEqual(
      Object.fromEntries(emails.map((row) => [row.id, row.email])),
    );
    expect(team.joinLink).toContain(`joinTeam=${team.teamId}.`);
  }
  if (inTarget) expect(inTarget.members.map((m) => m.userId)).toContain(target.founderId);
};

/** The invoices of the caller's teams, the target's to its members, never another team's. */
const ownInvoicesOnly: TeamCheck = async (result, caller, target, _since, w) => {
  const invoices = result as { teamId: string; invoiceNumber: string }[];
  const teamIds = (await membershipsOf(w, actorIdOf(w, caller))).map((m) => m.teamId);
  for (const invoice of invoices) expect(teamIds, invoice.invoiceNumber).toContain(invoice.teamId);
  const numbers = invoices.map((invoice) => invoice.invoiceNumber);
  expect(numbers.includes(target.invoiceNumber)).toBe(caller === 'teamAdmin' || caller === 'teamMember');
  expect(numbers.includes(w.otherTeam.invoiceNumber)).toBe(caller === 'otherTeamAdmin');
  // Every invoice of each of the caller's teams, and nothing else.
  const rows = teamIds.length
    ? await db(w).selectFrom('invoices').select('invoice_number').where('team_id', 'in', teamIds).execute()
    : [];
  expect([...numbers].sort()).toEqual(rows.map((row) => row.invoice_number).sort());
};

/** The plan status of the caller's first team: billing data to its admin only, nobody else's team. */
const ownStatus: TeamCheck = async (result, caller, _target, _since, w) => {
  const status = result as { plansOn: boolean; teamId: string | null; admin: boolean; billing: unknown };
  const [first] = await membershipsOf(w, actorIdOf(w, caller));
  expect(status.plansOn).toBe(true);
  expect(status.teamId).toBe(first?.teamId ?? null);
  expect(status.admin).toBe(!first || first.role === 'admin');
  if (first?.role !== 'admin') expect(status.billing).toBeNull();
  if (caller === 'teamMember') expect(status).toMatchObject({ admin: false, billing: null });
};

// ----- the rows -----

const signedOut = { nobody: 'errors.signInRequired', player: 'dashboard.messLoginToAccess' };
const instructors: Record<TeamCaller, string> = {
  ...signedOut,
  teamAdmin: 'ok',
  teamMember: 'ok',
  otherTeamAdmin: 'ok',
  stranger: 'ok',
};
/** The team's admin; a member is told so; anyone else does not know the team. */
const teamAdminOnly: Record<TeamCaller, string> = {
  ...signedOut,
  teamAdmin: 'ok',
  teamMember: 'team.errAdminOnly',
  otherTeamAdmin: 'team.errTeamUnknown',
  stranger: 'team.errTeamUnknown',
};
/** An invoice of the team: anyone outside it does not know the invoice. */
const invoiceMembers: Record<TeamCaller, string> = {
  ...signedOut,
  teamAdmin: 'ok',
  teamMember: 'ok',
  otherTeamAdmin: 'billing.errInvoiceUnknown',
  stranger: 'billing.errInvoiceUnknown',
};
const invoiceAdmin = { ...invoiceMembers, teamMember: 'team.errAdminOnly' };

/**
 * The rows, run in this order: the billing rows first, while the stranger is in no team (their
 * trial makes them one of their own), and the rows that put a caller in another team
 * (`team.create`, `team.join`) last.
 */
export const teamMatrix: Record<string, TeamRow> = {
  'billing.status': {
    call: (api) => api.billing.status.query(),
    expected: instructors,
    check: ownStatus,
  },
  'billing.invoices': {
    call: (api) => api.billing.invoices.query(),
    expected: instructors,
    check: ownInvoicesOnly,
  },
  'billing.invoicePdf': {
    call: (api, { invoiceNumber }) => api.billing.invoicePdf.query({ invoiceNumber }),
    expected: invoiceMembers,
    check: (result, _caller, { invoiceNumber }) => {
      const pdf = result as { invoiceNumber: string; data: string };
      expect(Object.keys(pdf).sort()).toEqual(['data', 'invoiceNumber']);
      expect(pdf.invoiceNumber).toBe(invoiceNumber);
      expect(Buffer.from(pdf.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    },
  },
  'billing.cancelInvoice': {
    call: (api, { invoiceNumber }) =>
      api.billing.cancelInvoice.mutate({ invoiceNumber, commandId: randomUUID() }),
    expected: invoiceAdmin,
    // A credit note of the team's, which cancels the invoice, and the plan ended; all in the caller's name.
    check: async (result, caller, { teamId, invoiceNumber }, since, w) => {
      const { creditNoteNumber } = result as { creditNoteNumber: string };
      expect(Object.keys(result as object)).toEqual(['creditNoteNumber']);
      const rows = await db(w)
        .selectFrom('invoices')
        .select(['invoice_number', 'team_id', 'kind', 'cancelled_by'])
        .where('invoice_number', 'in', [invoiceNumber, creditNoteNumber])
        .orderBy('invoice_number')
        .execute();
      expect(rows).toEqual([
        { invoice_number: invoiceNumber, team_id: teamId, kind: 'invoice', cancelled_by: creditNoteNumber },
        { invoice_number: creditNoteNumber, team_id: teamId, kind: 'creditNote', cancelled_by: null },
      ]);
      const events = (await recordedSince(w, since)).map((e) => [e.streamId, e.type, e.actorId]);
      expect(events).toEqual([
        [ledgerStreamId(ledgerYear(w.server.services.now())), 'CreditNoteIssued', actorIdOf(w, caller)],
        [teamStreamId(teamId), 'PlanCancelled', actorIdOf(w, caller)],
      ]);
    },
    changes: true,
  },
  'billing.createSessionFromInvoice': {
    call: (api, { invoiceNumber }) =>
      api.billing.createSessionFromInvoice.mutate({ invoiceNumber, commandId: randomUUID() }),
    expected: invoiceMembers,
    // The caller's session, the one the invoice records.
    check: async (result, caller, { invoiceNumber }, _since, w) => {
      expect(Object.keys(result as object)).toEqual(['sessionId']);
      const { sessionId } = result as { sessionId: string };
      const invoice = await db(w)
        .selectFrom('invoices')
        .select('session_id')
        .where('invoice_number', '=', invoiceNumber)
        .executeTakeFirstOrThrow();
      expect(invoice.session_id).toBe(sessionId);
      const session = await db(w)
        .selectFrom('sessions')
        .select('creator_id')
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(session.creator_id).toBe(actorIdOf(w, caller));
    },
    changes: true,
  },
  'billing.setNotifyPlanPurchase': {
    call: (api) => api.billing.setNotifyPlanPurchase.mutate({ notify: true }),
    expected: instructors,
    // The caller's own choice, nobody else's.
    check: async (result, caller, _target, _since, w) => {
      expect(result).toEqual({ notify: true });
      const rows = await db(w).selectFrom('user').select(['id', 'notifyPlanPurchase']).execute();
      const callerId = actorIdOf(w, caller);
      for (const row of rows) if (row.id !== callerId) expect(row.notifyPlanPurchase, row.id).toBe(false);
      expect(rows.find((row) => row.id === callerId)?.notifyPlanPurchase).toBe(true);
      // Set back, so that the next caller's check sees only theirs changed.
      await w.users[caller as Exclude<TeamCaller, 'nobody'>].api.billing.setNotifyPlanPurchase.mutate({
        notify: false,
      });
    },
  },
  'billing.setBillingData': {
    call: (api) =>
      api.billing.setBillingData.mutate({
        organisation: 'Matrix School',
        address: ['1 Matrix Road'],
        countryCode: 'IE',
        euVatNumber: null,
        commandId: randomUUID(),
      }),
    // On the caller's first team, which they administer (the stranger's is made for them).
    expected: { ...instructors, teamMember: 'team.errAdminOnly' },
    check: async (result, caller, _target, _since, w) => {
      const billing = {
        organisation: 'Matrix School',
        address: ['1 Matrix Road'],
        countryCode: 'IE',
        euVatNumber: null,
      };
      expect(result).toEqual({ vatNumberValid: null, billing });
      const [first] = await membershipsOf(w, actorIdOf(w, caller));
      expect(first?.role).toBe('admin');
      const row = await db(w)
        .selectFrom('teams')
        .select('billing')
        .where('id', '=', first!.teamId)
        .executeTakeFirst();
      expect(row?.billing).toEqual(billing);
    },
  },
  'billing.purchase': {
    call: (api) =>
      api.billing.purchase.mutate({
        gameType: 'beergame',
        planName: 'class',
        durationDays: 30,
        billing: { organisation: 'Matrix School', address: [], countryCode: 'IE', euVatNumber: null },
        commandId: randomUUID(),
      }),
    // For the caller's first team, which they administer (the stranger's is made for them).
    expected: { ...instructors, teamMember: 'team.errAdminOnly' },
    // An invoice of the caller's team, bought in their name, and the team's plan.
    check: async (result, caller, _target, since, w) => {
      expect(Object.keys(result as object).sort()).toEqual([
        'currency',
        'invoiceNumber',
        'totalCents',
        'until',
      ]);
      const { invoiceNumber } = result as { invoiceNumber: string };
      const [first] = await membershipsOf(w, actorIdOf(w, caller));
      expect(first?.role).toBe('admin');
      const row = await db(w)
        .selectFrom('invoices')
        .select(['team_id', 'kind', 'document'])
        .where('invoice_number', '=', invoiceNumber)
        .executeTakeFirstOrThrow();
      expect({ teamId: row.team_id, kind: row.kind, buyer: row.document.buyer.userId }).toEqual({
        teamId: first!.teamId,
        kind: 'invoice',
        buyer: actorIdOf(w, caller),
      });
      expect(await onTeam(w, first!.teamId, since)).toContainEqual(['PlanPurchased', actorIdOf(w, caller)]);
    },
  },
  'billing.startTrial': {
    // The lean game's (the teams' invoices paid for the beer game's plan).
    call: (api) => api.billing.startTrial.mutate({ pack: 'leangame', commandId: randomUUID() }),
    // On the caller's first team, which they administer (the stranger's is made for them).
    expected: { ...instructors, teamMember: 'team.errAdminOnly' },
    check: async (result, caller, _target, since, w) => {
      const { gameId, gameName } = result as { gameId: string; gameName: string };
      expect(Object.keys(result as object).sort()).toEqual(['gameId', 'gameName']);
      expect(gameName.length).toBeGreaterThan(0);
      const game = await db(w)
        .selectFrom('games')
        .select('creator_id')
        .where('id', '=', gameId)
        .executeTakeFirst();
      expect(game?.creator_id).toBe(actorIdOf(w, caller));
      const [first] = await membershipsOf(w, actorIdOf(w, caller));
      expect(first?.role).toBe('admin');
      expect(await onTeam(w, first!.teamId, since)).toContainEqual(['TrialStarted', actorIdOf(w, caller)]);
    },
  },
  'team.mine': {
    call: (api) => api.team.mine.query(),
    expected: instructors,
    check: ownTeamsOnly,
  },
  'team.rename': {
    call: (api, { teamId }) =>
      api.team.rename.mutate({ teamId, name: 'Renamed team', commandId: randomUUID() }),
    expected: teamAdminOnly,
    check: async (result, caller, target, since, w) => {
      await okRecorded('TeamRenamed')(result, caller, target, since, w);
      const row = await db(w)
        .selectFrom('teams')
        .select('name')
        .where('id', '=', target.teamId)
        .executeTakeFirst();
      expect(row?.name).toBe('Renamed team');
    },
    changes: true,
  },
  'team.invite': {
    call: (api, { teamId, inviteEmail }) =>
      api.team.invite.mutate({ teamId, email: inviteEmail, games: ['beergame'] }),
    expected: teamAdminOnly,
    // An invitation of the team asked for, in the caller's name.
    check: async (result, caller, { teamId, inviteEmail }, _since, w) => {
      expect(result).toEqual({ ok: true });
      const invites = await db(w)
        .selectFrom('team_invites')
        .select(['team_id', 'games', 'invited_by'])
        .where('email', '=', inviteEmail)
        .execute();
      expect(invites).toEqual([{ team_id: teamId, games: ['beergame'], invited_by: actorIdOf(w, caller) }]);
    },
  },
  'team.withdrawInvite': {
    prepare: async ({ teamId, inviteEmail }, w) => {
      await w.users.teamAdmin.api.team.invite.mutate({ teamId, email: inviteEmail, games: ['leangame'] });
    },
    call: (api, { teamId, inviteEmail }) => api.team.withdrawInvite.mutate({ teamId, email: inviteEmail }),
    expected: teamAdminOnly,
    check: async (result, _caller, { inviteEmail }, _since, w) => {
      expect(result).toEqual({ ok: true });
      const invites = await db(w)
        .selectFrom('team_invites')
        .select('team_id')
        .where('email', '=', inviteEmail)
        .execute();
      expect(invites).toEqual([]);
    },
  },
  'team.rotateLink': {
    call: (api, { teamId }) => api.team.rotateLink.mutate({ teamId, commandId: randomUUID() }),
    expected: teamAdminOnly,
    // The team's new link; the old token no longer joins.
    check: async (result, caller, target, since, w) => {
      const { joinLink } = result as { joinLink: string };
      expect(Object.keys(result as object)).toEqual(['joinLink']);
      const parsed = parseJoinTeam(new URL(joinLink).searchParams.get('joinTeam'));
      expect(parsed?.teamId).toBe(target.teamId);
      expect(parsed?.joinToken).not.toBe(target.joinToken);
      expect(await onTeam(w, target.teamId, since)).toEqual([['JoinLinkRotated', actorIdOf(w, caller)]]);
    },
    changes: true,
  },
  'team.removeMember': {
    call: (api, { teamId, founderId }) =>
      api.team.removeMember.mutate({ teamId, userId: founderId, commandId: randomUUID() }),
    expected: teamAdminOnly,
    check: async (result, caller, target, since, w) => {
      await okRecorded('MemberRemoved')(result, caller, target, since, w);
      expect(await roleIn(w, target.founderId, target.teamId)).toBeNull();
    },
    changes: true,
  },
  'team.transferAdmin': {
    call: (api, { teamId, founderId }) =>
      api.team.transferAdmin.mutate({ teamId, userId: founderId, commandId: randomUUID() }),
    expected: teamAdminOnly,
    check: async (result, caller, target, since, w) => {
      await okRecorded('AdminTransferred')(result, caller, target, since, w);
      expect(await roleIn(w, target.founderId, target.teamId)).toBe('admin');
      expect(await roleIn(w, actorIdOf(w, caller), target.teamId)).toBe('member');
    },
    changes: true,
  },
  'team.setMemberGames': {
    call: (api, { teamId, founderId }) =>
      api.team.setMemberGames.mutate({
        teamId,
        userId: founderId,
        games: ['leangame'],
        commandId: randomUUID(),
      }),
    expected: teamAdminOnly,
    check: async (result, caller, target, since, w) => {
      await okRecorded('MemberGamesSet')(result, caller, target, since, w);
      const founder = (await membershipsOf(w, target.founderId)).find((m) => m.teamId === target.teamId);
      expect(founder?.games).toEqual(['leangame']);
    },
    changes: true,
  },
  'team.leave': {
    call: (api, { teamId }) => api.team.leave.mutate({ teamId, commandId: randomUUID() }),
    // Its only admin hands the role on first.
    expected: { ...teamAdminOnly, teamAdmin: 'team.errLastAdmin', teamMember: 'ok' },
    check: async (result, caller, target, since, w) => {
      await okRecorded('MemberLeft')(result, caller, target, since, w);
      expect(await roleIn(w, actorIdOf(w, caller), target.teamId)).toBeNull();
    },
    changes: true,
  },
  'team.create': {
    call: (api) => api.team.create.mutate({ name: 'My own team', commandId: randomUUID() }),
    expected: instructors,
    // The caller's own team (made once: a second call answers it again), which they administer.
    check: async (result, caller, _target, since, w) => {
      const teamId = ownTeamId(actorIdOf(w, caller));
      expect(result).toEqual({ teamId });
      expect(await roleIn(w, actorIdOf(w, caller), teamId)).toBe('admin');
      // The admins' teams were there already (the stranger's came with their trial).
      const created = await onTeam(w, teamId, since);
      if (caller === 'teamAdmin' || caller === 'otherTeamAdmin') expect(created).toEqual([]);
      else expect([[], [['TeamCreated', actorIdOf(w, caller)]]]).toContainEqual(created);
    },
  },
  'team.join': {
    call: (api, { teamId, joinToken }) =>
      api.team.join.mutate({ teamId, joinToken, commandId: randomUUID() }),
    // Whoever has the link: its members again (nothing recorded), anyone else joins.
    expected: instructors,
    check: async (result, caller, target, since, w) => {
      expect(result).toEqual({ teamId: target.teamId, name: target.name });
      const already = caller === 'teamAdmin' || caller === 'teamMember';
      expect(await onTeam(w, target.teamId, since)).toEqual(
        already ? [] : [['MemberJoined', actorIdOf(w, caller)]],
      );
      expect(await roleIn(w, actorIdOf(w, caller), target.teamId)).toBe(
        caller === 'teamAdmin' ? 'admin' : 'member',
      );
    },
    changes: true,
  },
};

/** The procedures the team matrix has rows for (no server needed to list them). */
export const TEAM_MATRIX_PROCEDURES: readonly string[] = Object.keys(teamMatrix);
