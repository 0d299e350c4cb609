/**
 * Billing's procedures. `quote` is public (the /quote page is open to anyone) and counted per client
 * address (QUOTE_LIMIT), since each may ask the operator's VAT service; a purchase charges the same
 * quote (billing/vat-service.ts, `quoteFor`).
 */
import { quoteInput } from '../../../src-shared/api/billing';
import { quoteFor } from '../../billing/vat-service';
import { publicProcedure, rateLimit } from '../procedures';
import { router } from '../trpc';
import { planProcedures } from './billing-plans';

export const billingRouter = router({
  /**
   * The VAT and total of an amount for a buyer of a country, with or without a VAT number: the
   * member state's rate in euros, reverse charge (rate 0) for a valid VAT number of another state
   * than the seller's, US dollars at rate 0 outside the EU; and the verdict on the number.
   */
  quote: publicProcedure.input(quoteInput).query(async ({ ctx, input }) => {
    await rateLimit(ctx, `quotes:${ctx.clientAddress}`, ctx.services.limits.quotes);
    return quoteFor(ctx.services.vat, ctx.services.billing.seller.countryCode || null, input);
  }),
  ...planProcedures,
});
