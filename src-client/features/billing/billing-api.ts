/** The answers of the billing procedures the commerce screens show (src-server/trpc/routers/billing*.ts). */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../src-server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>['billing'];
export type BillingStatus = Outputs['status'];
export type PlansOnStatus = Extract<BillingStatus, { plansOn: true }>;
export type PlanRow = PlansOnStatus['plans'][number];
export type InvoiceRow = Outputs['invoices'][number];

/** The buyer as invoiced (billing data of the team). */
export type BillingData = NonNullable<PlansOnStatus['billing']>;
