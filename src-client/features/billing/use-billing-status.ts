import type { DashboardTab } from '../../paths';
import { trpc } from '../../trpc';
import type { BillingStatus } from './billing-api';

/** What the dashboard's tabs show of plans: the subscription tab's name, the tabs hidden, the usage tags. */
export interface DashboardBilling {
  status: BillingStatus | undefined;
  plansOn: boolean;
  /** The message id of each tab named otherwise. */
  tabLabels: Partial<Record<DashboardTab, string>>;
  hiddenTabs: DashboardTab[];
  /** Per game type, "current/max" players of its plan (none when unlimited or without a plan). */
  usageTags: Partial<Record<string, string>>;
}

/**
 * billing.status, read once for the dashboard (spec, mobile dashboard menu): with plans off the
 * subscription tab is the team's ("Team") and there is no referral tab; with plans on and no game
 * type available it invites to "Upgrade".
 */
export function useDashboardBilling(): DashboardBilling {
  const status = trpc.billing.status.useQuery(undefined, { staleTime: 30_000 });
  const data = status.data;
  const plansOn = data?.plansOn === true;
  const tabLabels: DashboardBilling['tabLabels'] = {};
  if (data && !plansOn) tabLabels.subscription = 'dashboard.tab.team';
  if (plansOn && data.availableGameTypes.length === 0) tabLabels.subscription = 'dashboard.tab.upgrade';
  const usageTags: DashboardBilling['usageTags'] = {};
  if (data?.plansOn) for (const plan of data.plans) if (plan.tag) usageTags[plan.gameType] = plan.tag;
  return { status: data, plansOn, tabLabels, hiddenTabs: plansOn ? [] : ['referral'], usageTags };
}
