/**
 * Teams and plans through a real server on PostgreSQL (issue 27): a colleague invited by e-mail
 * joins by the link and runs the instructor's session; plans at the door (the 61st player of a
 * 60-player plan is refused, a seated one never); a trial; purchases with VAT, numbered in one
 * gapless sequence even when bought at once; the invoice's PDF read back; a credit note; the
 * session an invoice paid for. And a self-hosted server (plans off), where nothing is sold or limited.
 */
import { randomUUID } from 'node:crypto';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { rebuildProjections } from '../../src-server/streams';
import { parseJoinTeam } from '../../src-shared/api/team';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

const command = () => ({ commandId: randomUUID() });
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'ok',
    (error: { data?: { messageId?: string } }) => error.data?.messageId ?? String(error),
  );
const BELGIAN_UNIVERSITY = {
  organisation: 'Université libre de Bruxelles',
  address: ['Avenue Franklin Roosevelt 50', '1050 Bruxelles'],
  countryCode: 'BE',
  euVatNumber: 'BE 0407.626.464',
};

async function pdfText(base64: string): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(Buffer.from(base64, 'base64')),
    useSystemFonts: false,
  }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  await document.destroy();
  return (content.items as { str: string }[])
    .map((item) => item.str)
    .join(' ')
    .replace(/\s/gu, ' ');
}

describe('on the hosted service (plans on)', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let ada: ApiUser;
  let bob: ApiUser;
  let eve: ApiUser;
  const clients: ApiUser[] = [];
  const db = () => server.services.database.db;

  beforeAll(async () => {
    database = await freshDatabase();
    server = await startTestServer({
      databaseUrl: database.url,
      sessionCacheMs: 0,
      billing: {
        plans: true,
        seller: {
          name: 'SimGames SAS',
          address: ['1 rue de la Paix', '75002 Paris'],
          countryCode: 'FR',
          vatNumber: 'FR40303265045',
          email: null,
        },
      },
    });
    ada = await signUpInstructor(server.url, 'ada@example.org');
    bob = await signUpInstructor(server.url, 'bob@example.org');
    eve = await signUpInstructor(server.url, 'eve@example.org');
    clients.push(ada, bob, eve);
    await db().updateTable('user').set({ emailVerified: true }).execute();
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
    await database?.drop();
  });

  it('refuses games of a type without a plan, and offers one trial with a ready game', async () => {
    expect(await refusal(ada.api.beergame.create.mutate({ name: 'No plan', template: 'classic' }))).toBe(
      'billing.errGameTypeUnavailable',
    );
    const status = await ada.api.billing.status.query();
    expect(status).toMatchObject({
      plansOn: true,
      availableGameTypes: [],
      hasPlan: false,
      trial: { offered: true },
    });
    const { gameName, gameId } = await ada.api.billing.startTrial.mutate({ pack: 'leangame', ...command() });
    expect(gameName.length).toBeGreaterThan(0);
    const row = await db()
      .selectFrom('games')
      .select(['name', 'creator_id', 'type'])
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: gameName, creator_id: ada.userId, type: 'leangame' });
    expect(await refusal(ada.api.billing.startTrial.mutate({ pack: 'beergame', ...command() }))).toBe(
      'team.errTrialUsed',
    );
    expect((await ada.api.billing.status.query()).availableGameTypes).toEqual(['leangame']);
  });

  it('sells a 60-player beer game plan to a Belgian university under reverse charge, invoiced with its PDF', async () => {
    await ada.api.billing.setNotifyPlanPurchase.mutate({ notify: true });
    const bought = await ada.api.billing.purchase.mutate({
      gameType: 'beergame',
      planName: 'class',
      durationDays: 365,
      billing: BELGIAN_UNIVERSITY,
      ...command(),
    });
    expect(bought).toMatchObject({ totalCents: 59_000, currency: 'EUR' });
    const [invoice] = await ada.api.billing.invoices.query();
    expect(invoice).toMatchObject({
      invoiceNumber: bought.invoiceNumber,
      revenue: 59_000,
      plan_tax: 0,
      plan_maxplayers: 60,
      plan_unlimitedplayers: false,
      plan_duration: 365,
      plan_type: 'beergame',
      plan_name: 'class',
      reverseCharge: true,
      kind: 'invoice',
    });
    const { data } = await ada.api.billing.invoicePdf.query({ invoiceNumber: bought.invoiceNumber });
    const text = await pdfText(data);
    expect(text).toContain(bought.invoiceNumber);
    expect(text).toContain('BE0407626464');
    expect(text).toMatch(/590[.,]00/);
    expect(text).toMatch(/[Rr]everse charge|[Aa]utoliquidation/);
    const mail = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'planPurchase')
      .execute();
    expect(mail).toHaveLength(1);
    const status = await ada.api.billing.status.query();
    expect(status.plansOn && status.plans.find((p) => p.gameType === 'beergame')).toMatchObject({
      active: true,
      tag: '0/60',
    });
  });

  it('refuses an incorrect VAT number and clears the stored one', async () => {
    const answer = await ada.api.billing.setBillingData.mutate({
      ...BELGIAN_UNIVERSITY,
      euVatNumber: 'BE0123',
      ...command(),
    });
    expect(answer).toMatchObject({ vatNumberValid: false, billing: { euVatNumber: null } });
    expect(
      await refusal(
        ada.api.billing.purchase.mutate({
          gameType: 'beergame',
          planName: 'class',
          durationDays: 30,
          billing: { ...BELGIAN_UNIVERSITY, euVatNumber: 'BE0123' },
          ...command(),
        }),
      ),
    ).toBe('billing.vatInvalid');
  });

  it('lets a colleague invited by e-mail join by the link and run the session follow-up', async () => {
    const [team] = await ada.api.team.mine.query();
    expect(team).toMatchObject({ role: 'admin', first: true });
    await ada.api.team.invite.mutate({ teamId: team!.teamId, email: 'Bob@example.org', games: ['beergame'] });
    const invite = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'teamInvite')
      .executeTakeFirstOrThrow();
    expect(invite.recipient).toBe('bob@example.org');
    const joinValue = new URL(team!.joinLink!).searchParams.get('joinTeam');
    const link = parseJoinTeam(joinValue)!;
    expect(
      await refusal(
        eve.api.team.join.mutate({ teamId: link.teamId, joinToken: 'x'.repeat(24), ...command() }),
      ),
    ).toBe('team.errJoinLinkInvalid');
    await bob.api.team.join.mutate({ ...link, ...command() });
    const [bobsTeam] = await bob.api.team.mine.query();
    expect(bobsTeam!.members.map((m) => [m.userId, m.role, m.games])).toEqual([
      [ada.userId, 'admin', ['beergame', 'leangame']],
      [bob.userId, 'member', ['beergame']],
    ]);
    // Members see no e-mail addresses, and the invitation was used.
    expect(bobsTeam!.members.every((m) => m.email === null)).toBe(true);
    expect(await db().selectFrom('team_invites').selectAll().execute()).toEqual([]);

    const { sessionId } = await ada.api.session.create.mutate({
      name: 'Thursday group',
      template: 'classicSingle',
      teamCount: 2,
      ...command(),
    });
    expect((await bob.api.session.setup.query({ sessionId })).setup.name).toBe('Thursday group');
    await bob.api.session.publish.mutate({ sessionId, ...command() });
    expect(await refusal(eve.api.session.setup.query({ sessionId }))).toBe('errors.sessionAdminOnly');
    // Bob's games run under the team's plan.
    await bob.api.beergame.create.mutate({ name: "Bob's class", template: 'classic' });
    await bob.api.team.leave.mutate({ teamId: link.teamId, ...command() });
    expect(await refusal(bob.api.session.setup.query({ sessionId }))).toBe('errors.sessionAdminOnly');
  });

  it('refuses the 61st player of a 60-player plan, and never a player already seated', async () => {
    const games: string[] = [];
    for (let i = 0; i < 16; i++)
      games.push((await ada.api.beergame.create.mutate({ name: `Class ${i}`, template: 'classic' })).gameId);
    const roles = ['retailer', 'wholesaler', 'distributor', 'factory'];
    const seated: ApiUser[] = [];
    for (let i = 0; i < 60; i++) {
      const player = await signInAnonymous(server.url, `Player ${i}`);
      clients.push(player);
      await player.api.beergame.join.mutate({
        gameId: games[Math.floor(i / 4)]!,
        facilityId: roles[i % 4]!,
        ...command(),
      });
      seated.push(player);
    }
    const late = await signInAnonymous(server.url, 'Player 61');
    clients.push(late);
    const refused = await late.api.beergame.join
      .mutate({ gameId: games[15]!, facilityId: 'retailer', ...command() })
      .then(
        () => null,
        (error: { data?: { messageId?: string; values?: unknown } }) => error.data,
      );
    expect(refused).toMatchObject({ messageId: 'billing.errPlayerLimit' });
    // A player already counted joins again (their own seat, from another device) and plays on.
    await seated[0]!.api.beergame.join.mutate({ gameId: games[0]!, facilityId: 'retailer', ...command() });
    await seated[0]!.api.beergame.placeOrder.mutate({
      gameId: games[0]!,
      facilityId: 'retailer',
      quantity: 4,
      ...command(),
    });
    const status = await ada.api.billing.status.query();
    expect(status.plansOn && status.plans.find((p) => p.gameType === 'beergame')).toMatchObject({
      tag: '60/60',
      full: true,
    });
  }, 120_000);

  it('numbers purchases made at once in one gapless sequence, never sharing a number', async () => {
    const buyers = [ada, eve];
    const before = await db().selectFrom('invoices').select('invoice_number').execute();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        buyers[i % 2]!.api.billing.purchase.mutate({
          gameType: i % 4 < 2 ? 'beergame' : 'leangame',
          planName: 'course',
          durationDays: 30,
          billing: { organisation: 'École', address: [], countryCode: 'FR', euVatNumber: null },
          ...command(),
        }),
      ),
    );
    const numbers = [...before.map((r) => r.invoice_number), ...results.map((r) => r.invoiceNumber)].sort();
    const year = numbers[0]!.slice(0, 4);
    expect(numbers).toEqual(numbers.map((_, i) => `${year}-${String(i + 1).padStart(6, '0')}`));
    // A French buyer pays French VAT to a French seller: 20 % of 290 €.
    expect(results[0]).toMatchObject({ totalCents: 34_800 });
  }, 60_000);

  it('cancels an invoice by a credit note under the next number, ending its plan; the session it paid for is made once', async () => {
    const [invoice] = (await eve.api.billing.invoices.query()).filter(
      (i) => i.kind === 'invoice' && i.plan_type === 'leangame',
    );
    expect(
      await refusal(
        ada.api.billing.cancelInvoice.mutate({ invoiceNumber: invoice!.invoiceNumber, ...command() }),
      ),
    ).toBe('billing.errInvoiceUnknown');
    const first = await eve.api.billing.createSessionFromInvoice.mutate({
      invoiceNumber: invoice!.invoiceNumber,
      ...command(),
    });
    const again = await eve.api.billing.createSessionFromInvoice.mutate({
      invoiceNumber: invoice!.invoiceNumber,
      ...command(),
    });
    expect(again).toEqual(first);
    const { creditNoteNumber } = await eve.api.billing.cancelInvoice.mutate({
      invoiceNumber: invoice!.invoiceNumber,
      ...command(),
    });
    const all = (await db().selectFrom('invoices').select('invoice_number').execute())
      .map((r) => r.invoice_number)
      .sort();
    expect(creditNoteNumber).toBe(all[all.length - 1]);
    const listed = await eve.api.billing.invoices.query();
    expect(listed.find((i) => i.invoiceNumber === invoice!.invoiceNumber)).toMatchObject({
      cancelledBy: creditNoteNumber,
    });
    expect(listed.find((i) => i.invoiceNumber === creditNoteNumber)).toMatchObject({
      kind: 'creditNote',
      cancels: invoice!.invoiceNumber,
    });
    expect(
      await refusal(
        eve.api.billing.cancelInvoice.mutate({ invoiceNumber: invoice!.invoiceNumber, ...command() }),
      ),
    ).toBe('billing.errInvoiceCancelled');
    // Eve's other lean plan's invoice was the later one: cancelling the earlier only shortened it.
    const text = await pdfText(
      (await eve.api.billing.invoicePdf.query({ invoiceNumber: creditNoteNumber! })).data,
    );
    expect(text).toContain(invoice!.invoiceNumber);
  });
  it('rebuilds the teams, their members and the invoices from the events as they were', async () => {
    const snapshot = async () => ({
      teams: await db().selectFrom('teams').selectAll().orderBy('id').execute(),
      members: await db()
        .selectFrom('team_members')
        .selectAll()
        .orderBy('team_id')
        .orderBy('user_id')
        .execute(),
      invoices: await db().selectFrom('invoices').selectAll().orderBy('invoice_number').execute(),
    });
    const before = await snapshot();
    expect(before.invoices.length).toBeGreaterThan(5);
    await rebuildProjections(server.services.store);
    expect(await snapshot()).toEqual(before);
  });
});

describe('on a self-hosted server (plans off, the default)', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let ada: ApiUser;

  beforeAll(async () => {
    database = await freshDatabase();
    server = await startTestServer({ databaseUrl: database.url });
    ada = await signUpInstructor(server.url, 'ada@example.org');
  }, 60_000);
  afterAll(async () => {
    ada?.close();
    await server?.close();
    await database?.drop();
  });

  it('gives every instructor every game type without limit and sells nothing', async () => {
    expect(await ada.api.billing.status.query()).toMatchObject({
      plansOn: false,
      availableGameTypes: ['beergame', 'leangame'],
    });
    await ada.api.beergame.create.mutate({ name: 'Free class', template: 'classic' });
    await ada.api.leangame.create.mutate({ name: 'Free workshop', template: 'workshop4-choose' });
    expect(await refusal(ada.api.billing.startTrial.mutate({ pack: 'beergame', ...command() }))).toBe(
      'billing.errPlansOff',
    );
    expect(await refusal(ada.api.billing.invoices.query())).toBe('billing.errPlansOff');
    // Teams work without plans: colleagues run each other's sessions on their own server.
    const { teamId } = await ada.api.team.create.mutate({ name: 'Operations faculty', ...command() });
    expect((await ada.api.team.mine.query()).map((t) => t.teamId)).toEqual([teamId]);
  });
});
