import { lazy } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation, useParams } from 'react-router';
import { InstructorOnly } from '../features/auth/instructor-only';
import { ReferralPanel } from '../features/billing/referral-panel';
import { SubscriptionPanel } from '../features/billing/subscription-panel';
import { useDashboardBilling } from '../features/billing/use-billing-status';
import { usePendingTrial } from '../features/billing/use-pending-trial';
import { DashboardTabs } from '../features/dashboard/dashboard-tabs';
import { GamesTab } from '../features/dashboard/games-tab';
import { IntroTab } from '../features/dashboard/intro-tab';
import { SessionsTab } from '../features/dashboard/sessions/sessions-tab';
import { SettingsTab } from '../features/dashboard/settings/settings-tab';
import { TemplatesTab } from '../features/dashboard/templates/templates-tab';
import { VerifyEmailBanner } from '../features/dashboard/verify-email-banner';
import { SuggestFeatureTab } from '../features/help/suggest-feature-tab';
import { PageSettings } from '../features/portal/page-settings';
import { TeamPanel } from '../features/team/team-panel';
import { loadChunk } from '../load-chunk';
import { usePageTitle } from '../look';
import { DASHBOARD_TABS, type DashboardTab, paths } from '../paths';

// The map preview of custom settings carries the engine: it loads with the settings form.
const ConfigMapPreview = lazy(async () => ({
  default: (await loadChunk(() => import('../features/beergame/map/config-preview'))).ConfigMapPreview,
}));

const isDashboardTab = (tab: string | undefined): tab is DashboardTab =>
  (DASHBOARD_TABS as readonly string[]).includes(tab ?? '');

/**
 * /dashboard and its tabs: an unknown tab (or none) is the intro, query and anchor kept, and so is
 * a hidden one (the referral tab with plans off). billing.status, read once here, says what the
 * tabs show of plans.
 */
function Dashboard() {
  const { tab, subtab } = useParams();
  const { search, hash } = useLocation();
  const billing = useDashboardBilling();
  usePendingTrial();
  const hidden = billing.status ? billing.hiddenTabs : [];
  if (!isDashboardTab(tab) || hidden.includes(tab))
    return <Navigate to={{ pathname: paths.dashboard(), search, hash }} replace />;
  return (
    <DashboardTabs
      tab={tab}
      hidden={billing.hiddenTabs}
      labels={billing.tabLabels}
      panels={{
        intro: <IntroTab />,
        games: <GamesTab mapPreview={ConfigMapPreview} usageTags={billing.usageTags} />,
        sessions: <SessionsTab subtab={subtab} mapPreview={ConfigMapPreview} />,
        templates: <TemplatesTab mapPreview={ConfigMapPreview} />,
        settings: <SettingsTab publicPage={<PageSettings />} />,
        subscription: (
          <>
            <SubscriptionPanel status={billing.status} />
            <TeamPanel />
          </>
        ),
        referral: <ReferralPanel status={billing.status} />,
        'suggest-feature': <SuggestFeatureTab />,
      }}
    />
  );
}

export function DashboardPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'dashboard.title' }));
  return (
    <InstructorOnly>
      <VerifyEmailBanner />
      <Dashboard />
    </InstructorOnly>
  );
}
