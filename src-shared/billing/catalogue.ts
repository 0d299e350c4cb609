/**
 * What the hosted service sells (the spec leaves prices and limits to us, point 9): per game type,
 * three sizes of plan for a month or a year, priced in cents of the quote's currency before VAT.
 */
export const PLAN_NAMES = ['class', 'course', 'campus'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export const PLAN_DURATIONS = [30, 365] as const;
export type PlanDuration = (typeof PLAN_DURATIONS)[number];

export interface CataloguePlan {
  planName: PlanName;
  /** Players at once; null: unlimited. */
  players: number | null;
  /** Instructors of the team who may use it. */
  licenses: number;
  /** Net price per duration, in cents. */
  priceCents: Record<PlanDuration, number>;
}

export const CATALOGUE: readonly CataloguePlan[] = [
  { planName: 'class', players: 60, licenses: 2, priceCents: { 30: 14_900, 365: 59_000 } },
  { planName: 'course', players: 200, licenses: 5, priceCents: { 30: 29_000, 365: 119_000 } },
  { planName: 'campus', players: null, licenses: 20, priceCents: { 30: 59_000, 365: 239_000 } },
];

/** The plan a trial gives (its players and days are the operator's: TRIAL_PLAYERS, TRIAL_DAYS). */
export const TRIAL_PLAN_NAME = 'trial';

export const cataloguePlan = (planName: string): CataloguePlan | undefined =>
  CATALOGUE.find((plan) => plan.planName === planName);
