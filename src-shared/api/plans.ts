/** The inputs of the plan, purchase and invoice procedures (spec point 7). */
import { z } from 'zod';
import { PLAN_DURATIONS, PLAN_NAMES } from '../billing/catalogue';
import { PLAN_GAME_TYPES } from '../billing/plans';
import { VAT_NUMBER_MAX } from '../billing/vat';
import { commandIdInput, textInput } from './inputs';

const gameType = z.enum(PLAN_GAME_TYPES, { message: 'billing.errGameTypeUnknown' });

/** Spec `startTrial` (uid, name, pack): the pack is the game type tried; the name, the ready game's. */
export const startTrialInput = z.object({
  pack: gameType,
  name: textInput({ min: 1, max: 80 }).optional(),
  commandId: commandIdInput,
});

export const billingDataInput = z.object({
  organisation: textInput({ min: 1, max: 120 }),
  address: z.array(textInput({ max: 120 })).max(4),
  countryCode: z.string().regex(/^[A-Z]{2}$/, { message: 'billing.errCountry' }),
  /** As typed: the server writes it as VAT services do (vatNumberFor) and checks it. */
  euVatNumber: z.string().trim().max(VAT_NUMBER_MAX, { message: 'billing.vatInvalid' }).nullable(),
});

/** Spec `createInvoice`: a plan for a game type, a size and a length, paid by invoice. */
export const purchaseInput = z.object({
  gameType,
  planName: z.enum(PLAN_NAMES, { message: 'billing.errPlanUnknown' }),
  durationDays: z.union(
    PLAN_DURATIONS.map((days) => z.literal(days)),
    { message: 'billing.errPlanUnknown' },
  ),
  billing: billingDataInput,
  commandId: commandIdInput,
});

const invoiceNumber = z.string().regex(/^\d{4}-\d{6,}$/, { message: 'billing.errInvoiceUnknown' });
export const invoiceInput = z.object({ invoiceNumber });
export const invoiceCommandInput = z.object({ invoiceNumber, commandId: commandIdInput });
