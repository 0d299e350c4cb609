/**
 * A purchase (spec `createInvoice`, `updateCustomer`): a plan of the catalogue for a game type,
 * quoted with the VAT the buyer owes, invoiced under the next number of the year's ledger and
 * granted to the buyer's team in one transaction (an invoice never exists without its plan, nor
 * a plan without its invoice). Paid by invoice: the plan is active at once, the invoice due in 30
 * days. The buyer is told by mail when they asked to be (`notifyPlanPurchase`).
 */
import type { z } from 'zod';
import type { billingDataInput, purchaseInput } from '../../src-shared/api/plans';
import { cataloguePlan } from '../../src-shared/billing/catalogue';
import { type InvoiceDraft, ledgerStreamId, ledgerYear } from '../../src-shared/billing/ledger';
import { memberState, vatNumberFor } from '../../src-shared/billing/vat';
import { isLocale } from '../../src-shared/rules/locale';
import { type BillingData, teamStreamId } from '../../src-shared/team';
import { planPurchaseMail } from '../mail/plan-purchase';
import { invoiceRow } from '../read-models/invoices';
import { ledgerStream, teamStream } from '../streams/team';
import type { Context } from '../trpc/context';
import { adminTeam, firstTeamOrNew, runTeam } from '../trpc/team-service';
import { appError } from '../trpc/trpc';
import { requirePlans } from './invoices';
import { quoteFor } from './vat-service';

type SignedIn = Context & { user: NonNullable<Context['user']> };

/** Days an invoice gives to pay it by bank transfer. */
export const PAYMENT_DAYS = 30;

/**
 * Spec `updateCustomer`: the team's billing data, its VAT number written as services do and
 * checked (spec point 4: valid when the answer is true or null, otherwise it is cleared).
 */
export async function setBillingData(
  ctx: SignedIn,
  input: z.infer<typeof billingDataInput>,
  commandId: string,
) {
  requirePlans(ctx);
  const teamId = await firstTeamOrNew(ctx, commandId);
  await adminTeam(ctx, teamId);
  const typed = input.euVatNumber ?? '';
  const vatNumber = typed && memberState(input.countryCode) ? vatNumberFor(input.countryCode, typed) : null;
  const verdict = vatNumber ? await ctx.services.vat.validate(vatNumber) : typed ? false : null;
  const vatNumberValid = typed === '' ? null : verdict !== false;
  const billing: BillingData = { ...input, euVatNumber: vatNumberValid ? vatNumber : null };
  await runTeam(ctx, teamId, { type: 'SetBillingData', billing }, commandId);
  return { vatNumberValid, billing };
}

/** Spec `createInvoice`: buys a plan; answers the invoice's number, total and the plan's end. */
export async function purchasePlan(ctx: SignedIn, input: z.infer<typeof purchaseInput>) {
  requirePlans(ctx);
  const { services } = ctx;
  const commandId = `purchase:${ctx.user.id}:${input.commandId}`;
  const teamId = await firstTeamOrNew(ctx, input.commandId);
  const team = await adminTeam(ctx, teamId);
  const offer = cataloguePlan(input.planName)!;
  const amountCents = offer.priceCents[input.durationDays];
  const quote = await quoteFor(services.vat, services.billing.seller.countryCode || null, {
    countryCode: input.billing.countryCode,
    vatNumber: input.billing.euVatNumber,
    amountCents,
  });
  if (quote.vatNumberValid === false) {
    if (team.billing?.euVatNumber)
      await runTeam(ctx, teamId, { type: 'ClearVatNumber' }, `${commandId}-clear`);
    throw appError('BAD_REQUEST', 'billing.vatInvalid');
  }
  const billing: BillingData = { ...input.billing, euVatNumber: quote.vatNumber };
  const user = await services.database.db
    .selectFrom('user')
    .select(['name', 'email', 'language', 'notifyPlanPurchase'])
    .where('id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
  const draft: InvoiceDraft = {
    transactionId: commandId,
    teamId,
    seller: services.billing.seller,
    buyer: {
      userId: ctx.user.id,
      name: user.name,
      email: user.email,
      organisation: billing.organisation || team.name,
      address: billing.address,
      countryCode: billing.countryCode,
      euVatNumber: billing.euVatNumber,
      language: isLocale(user.language) ? user.language : ctx.locale,
    },
    plan: {
      gameType: input.gameType,
      planName: offer.planName,
      maxPlayers: offer.players,
      durationDays: input.durationDays,
      licenses: offer.licenses,
      games: null,
      renew: false,
    },
    currency: quote.currency,
    revenueCents: amountCents,
    taxRateBasisPoints: quote.rate,
    taxCents: quote.taxCents,
    totalCents: quote.totalCents,
    reverseCharge: quote.reverseCharge,
  };
  const now = services.now();
  const year = ledgerYear(now);
  const [ledger, granted] = await services.commands.executeChained(
    {
      type: ledgerStream,
      streamId: ledgerStreamId(year),
      command: { type: 'IssueInvoice' as const, year, draft, paymentDays: PAYMENT_DAYS },
    },
    ({ state }) => ({
      type: teamStream,
      streamId: teamStreamId(teamId),
      command: {
        type: 'PurchasePlan' as const,
        gameType: input.gameType,
        planName: offer.planName,
        players: offer.players,
        durationDays: input.durationDays,
        invoiceNumber: state.transactions[commandId]!,
        billing,
      },
    }),
    { now, actor: { userId: ctx.user.id, role: 'system' }, commandId },
  );
  const invoiceNumber = ledger.state.transactions[commandId]!;
  const until = granted.state.plans[input.gameType]!.until;
  const row = await invoiceRow(services.database.db, invoiceNumber);
  if (row && user.notifyPlanPurchase)
    await services.queueMail(planPurchaseMail(row.document, until, services.publicUrl));
  return { invoiceNumber, totalCents: quote.totalCents, currency: quote.currency, until };
}
