/**
 * Invoices after the purchase (spec point 7): a team's list, the PDF (`getEconomicInvoicePdf`),
 * the credit note that cancels one (`cancelEconomicInvoice`), and the session it paid for
 * (`createSessionFromEconomicInvoice`). A member sees their own team's invoices only.
 */
import type { InvoiceDocument } from '../../src-shared/billing/invoice';
import { ledgerStreamId, ledgerYear } from '../../src-shared/billing/ledger';
import { teamStreamId } from '../../src-shared/team';
import { invoiceRow, invoicesOfTeam } from '../read-models/invoices';
import { teamsOfUser } from '../read-models/teams';
import { ledgerStream, teamStream } from '../streams/team';
import type { Context } from '../trpc/context';
import { appError } from '../trpc/trpc';

type SignedIn = Context & { user: NonNullable<Context['user']> };

/** Refuses the commerce procedures of a self-hosted server (plans off). */
export function requirePlans(ctx: Context): void {
  if (!ctx.services.billing.plans) throw appError('NOT_FOUND', 'billing.errPlansOff');
}

/** The spec's fields of an invoice row (point 3), with what the screens show beside them. */
export function invoiceFields(
  document: InvoiceDocument,
  row: { cancelled_by: string | null; session_id: string | null },
) {
  return {
    invoiceNumber: document.invoiceNumber,
    transaction_id: document.transactionId,
    revenue: document.revenueCents,
    plan_tax: document.taxCents,
    plan_renew: document.plan.renew,
    plan_duration: document.plan.durationDays,
    plan_maxplayers: document.plan.maxPlayers,
    plan_unlimitedplayers: document.plan.maxPlayers === null,
    plan_licenses: document.plan.licenses,
    plan_games: document.plan.games,
    plan_type: document.plan.gameType,
    plan_name: document.plan.planName,
    kind: document.kind,
    issuedAt: document.issuedAt,
    dueAt: document.dueAt,
    cancels: document.cancels,
    cancelledBy: row.cancelled_by,
    sessionId: row.session_id,
    currency: document.currency,
    taxRateBasisPoints: document.taxRateBasisPoints,
    totalCents: document.totalCents,
    reverseCharge: document.reverseCharge,
  };
}

/** The invoices of the caller's teams (each filtered by team), newest first. */
export async function invoicesOfCaller(ctx: SignedIn) {
  const db = ctx.services.database.db;
  const teams = await teamsOfUser(db, ctx.user.id);
  const rows = (await Promise.all(teams.map((team) => invoicesOfTeam(db, team.teamId)))).flat();
  return rows.map((row) => ({ teamId: row.team_id, ...invoiceFields(row.document, row) }));
}

/** An invoice of one of the caller's teams (admins only when `admin`), or the spec's refusal. */
export async function callerInvoice(ctx: SignedIn, invoiceNumber: string, admin: boolean) {
  const db = ctx.services.database.db;
  const row = await invoiceRow(db, invoiceNumber);
  const teams = await teamsOfUser(db, ctx.user.id);
  const team = row && teams.find((t) => t.teamId === row.team_id);
  if (!row || !team) throw appError('NOT_FOUND', 'billing.errInvoiceUnknown');
  if (admin && team.role !== 'admin') throw appError('FORBIDDEN', 'team.errAdminOnly');
  return row;
}

/**
 * Cancels an invoice by a credit note under the next number of this year's ledger, and takes
 * the plan it paid for off the team, in one transaction. Never deletes anything.
 */
export async function cancelInvoice(ctx: SignedIn, invoiceNumber: string, commandId: string) {
  const row = await callerInvoice(ctx, invoiceNumber, true);
  if (row.kind !== 'invoice') throw appError('BAD_REQUEST', 'billing.errNotAnInvoice');
  if (row.cancelled_by) throw appError('BAD_REQUEST', 'billing.errInvoiceCancelled');
  const now = ctx.services.now();
  const year = ledgerYear(now);
  const invoice = row.document;
  const [ledger] = await ctx.services.commands.executeChained(
    {
      type: ledgerStream,
      streamId: ledgerStreamId(year),
      command: { type: 'IssueCreditNote' as const, year, invoice, transactionId: `credit-${commandId}` },
    },
    () => ({
      type: teamStream,
      streamId: teamStreamId(invoice.teamId),
      command: {
        type: 'CancelPlan' as const,
        gameType: invoice.plan.gameType,
        invoiceNumber: invoice.invoiceNumber,
        durationDays: invoice.plan.durationDays,
      },
    }),
    { now, actor: { userId: ctx.user.id, role: 'system' }, commandId },
  );
  return { creditNoteNumber: ledger.state.cancelled[invoice.invoiceNumber] ?? null };
}
