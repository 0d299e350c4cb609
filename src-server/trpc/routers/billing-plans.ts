/**
 * The plan, trial and invoice procedures of the `billing` router (spec point 7): the status the
 * subscription tab shows, `startTrial`, the invoices and their PDF, `cancelEconomicInvoice`,
 * `createSessionFromEconomicInvoice`. Refused when plans are off (self-hosting).
 */
import { z } from 'zod';
import { commandIdInput } from '../../../src-shared/api/inputs';
import {
  billingDataInput,
  invoiceCommandInput,
  invoiceInput,
  purchaseInput,
  startTrialInput,
} from '../../../src-shared/api/plans';
import { TRIAL_PLAN_NAME } from '../../../src-shared/billing/catalogue';
import { DEFAULT_TEMPLATES } from '../../../src-shared/rules/templates';
import { SESSION_LIMITS } from '../../../src-shared/session';
import { renderInvoicePdf } from '../../billing/invoice-pdf';
import { callerInvoice, cancelInvoice, invoicesOfCaller, requirePlans } from '../../billing/invoices';
import { purchasePlan, setBillingData } from '../../billing/purchase';
import { planStatus } from '../../billing/status';
import { messagesIn } from '../../messages';
import { recordAnalytics } from '../../telemetry/tracking';
import { instructorProcedure } from '../procedures';
import { adminTeam, firstTeamOrNew, runTeam } from '../team-service';
import { appError, createCallerFactory } from '../trpc';
import { beergameRouter } from './beergame';
import { leangameRouter } from './leangame';
import { sessionRouter } from './session';

const createBeerGame = createCallerFactory(beergameRouter);
const createLeanGame = createCallerFactory(leangameRouter);
const createSession = createCallerFactory(sessionRouter);

/** The teaching plan a paid session starts from, per game type: one round of the classic game. */
const INVOICE_SESSION_TEMPLATE = { beergame: 'classicSingle', leangame: 'leanWorkshopThenFactory' } as const;
/** Seats of a team: a class of N players is N / 4 teams. */
const PLAYERS_PER_TEAM = 4;
/** Teams of a session paid for without a player limit. */
const UNLIMITED_TEAMS = 10;

export const planProcedures = {
  /** What the subscription tab, the usage tags and the dashboard menu show (with plans off: all game types). */
  status: instructorProcedure.query(({ ctx }) => planStatus(ctx)),

  /**
   * Spec `startTrial` (uid, name, pack): a plan of the pack's game type for the trial's days, on
   * the caller's team (made if they have none), and a ready game, whose name it answers.
   */
  startTrial: instructorProcedure.input(startTrialInput).mutation(async ({ ctx, input }) => {
    requirePlans(ctx);
    const { billing } = ctx.services;
    const teamId = await firstTeamOrNew(ctx, input.commandId);
    await adminTeam(ctx, teamId);
    const trial = {
      type: 'StartTrial' as const,
      gameTypes: [input.pack],
      planName: TRIAL_PLAN_NAME,
      players: billing.trialPlayers,
      durationDays: billing.trialDays,
    };
    await runTeam(ctx, teamId, trial, input.commandId);
    const template = DEFAULT_TEMPLATES.find((t) => t.type === input.pack && t.available)!;
    const messages = await messagesIn(ctx.locale);
    const name = input.name ?? messages[template.titleId] ?? template.id;
    const created =
      input.pack === 'beergame'
        ? await createBeerGame(ctx).create({ name, template: template.id })
        : await createLeanGame(ctx).create({ name, template: template.id });
    return { gameName: name, gameId: created.gameId };
  }),

  /** Spec `createInvoice`: a plan bought, invoiced and active at once, paid by invoice. */
  purchase: instructorProcedure.input(purchaseInput).mutation(async ({ ctx, input }) => {
    const answer = await purchasePlan(ctx, input);
    await recordAnalytics(ctx, 'purchase', {
      gameType: input.gameType,
      plan: input.planName,
      days: input.durationDays,
    });
    return answer;
  }),

  /** Spec `updateCustomer`: the team's billing data; a VAT number found not valid is cleared. */
  setBillingData: instructorProcedure
    .input(billingDataInput.extend({ commandId: commandIdInput }))
    .mutation(({ ctx, input }) => {
      const { commandId, ...billing } = input;
      return setBillingData(ctx, billing, commandId);
    }),

  /** The invoices and credit notes of the caller's teams (spec: filtered by team). */
  invoices: instructorProcedure.query(({ ctx }) => {
    requirePlans(ctx);
    return invoicesOfCaller(ctx);
  }),

  /** Spec `getEconomicInvoicePdf`: the PDF in base64, in the buyer's language. */
  invoicePdf: instructorProcedure.input(invoiceInput).query(async ({ ctx, input }) => {
    requirePlans(ctx);
    const row = await callerInvoice(ctx, input.invoiceNumber, false);
    const pdf = await renderInvoicePdf(row.document);
    return { invoiceNumber: row.invoice_number, data: pdf.toString('base64') };
  }),

  /** Spec `cancelEconomicInvoice`: a credit note cancels it (never deleted) and the plan ends. */
  cancelInvoice: instructorProcedure.input(invoiceCommandInput).mutation(({ ctx, input }) => {
    requirePlans(ctx);
    return cancelInvoice(ctx, input.invoiceNumber, input.commandId);
  }),

  /**
   * Spec `createSessionFromEconomicInvoice`: the session the invoice paid for, a team of four per
   * four players of the plan, made once (a second call answers the same session).
   */
  createSessionFromInvoice: instructorProcedure
    .input(invoiceCommandInput)
    .mutation(async ({ ctx, input }) => {
      requirePlans(ctx);
      const row = await callerInvoice(ctx, input.invoiceNumber, false);
      if (row.kind !== 'invoice' || row.cancelled_by)
        throw appError('BAD_REQUEST', 'billing.errInvoiceCancelled');
      if (row.session_id) return { sessionId: row.session_id };
      const { plan } = row.document;
      const teams =
        plan.maxPlayers === null ? UNLIMITED_TEAMS : Math.ceil(plan.maxPlayers / PLAYERS_PER_TEAM);
      const messages = await messagesIn(ctx.locale);
      const { sessionId } = await createSession(ctx).create({
        name: `${messages[`invoice.plan.${plan.planName}`] ?? plan.planName} ${row.invoice_number}`,
        template: INVOICE_SESSION_TEMPLATE[plan.gameType],
        teamCount: Math.min(teams, SESSION_LIMITS.teams.max),
        locale: ctx.locale,
        commandId: `invoice-${input.commandId}`,
      });
      await ctx.services.database.db
        .updateTable('invoices')
        .set({ session_id: sessionId })
        .where('invoice_number', '=', row.invoice_number)
        .where('session_id', 'is', null)
        .execute();
      const stored = await callerInvoice(ctx, input.invoiceNumber, false);
      return { sessionId: stored.session_id ?? sessionId };
    }),

  /** The user's choice of a mail on each purchase (spec `notifyPlanPurchase`). */
  setNotifyPlanPurchase: instructorProcedure
    .input(z.object({ notify: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.database.db
        .updateTable('user')
        .set({ notifyPlanPurchase: input.notify })
        .where('id', '=', ctx.user.id)
        .execute();
      return { notify: input.notify };
    }),
};
