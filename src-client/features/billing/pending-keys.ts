import type { PlanGameType } from '../../../src-shared/billing/invoice';

export { INVITED_BY_KEY, TRIAL_KEY } from '../../pending-actions-keys';

export const isTrialPack = (value: string | null): value is PlanGameType =>
  value === 'beergame' || value === 'leangame';
