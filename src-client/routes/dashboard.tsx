import { useDocumentTitle } from '@mantine/hooks';
import { lazy } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation, useParams } from 'react-router';
import { InstructorOnly } from '../features/auth/instructor-only';
import { DashboardTabs } from '../features/dashboard/dashboard-tabs';
import { GamesTab } from '../features/dashboard/games-tab';
import { IntroTab } from '../features/dashboard/intro-tab';
import { SessionsTab } from '../features/dashboard/sessions/sessions-tab';
import { SettingsTab } from '../features/dashboard/settings/settings-tab';
import { TemplatesTab } from '../features/dashboard/templates/templates-tab';
import { VerifyEmailBanner } from '../features/dashboard/verify-email-banner';
import { loadChunk } from '../load-chunk';
import { DASHBOARD_TABS, type DashboardTab, paths } from '../paths';

// The map preview of custom settings carries the engine: it loads with the settings form.
const ConfigMapPreview = lazy(async () => ({
  default: (await loadChunk(() => import('../features/beergame/map/config-preview'))).ConfigMapPreview,
}));

const isDashboardTab = (tab: string | undefined): tab is DashboardTab =>
  (DASHBOARD_TABS as readonly string[]).includes(tab ?? '');

/** /dashboard and its tabs: an unknown tab (or none) is the intro, query and anchor kept. */
function Dashboard() {
  const { tab, subtab } = useParams();
  const { search, hash } = useLocation();
  if (!isDashboardTab(tab)) return <Navigate to={{ pathname: paths.dashboard(), search, hash }} replace />;
  return (
    <DashboardTabs
      tab={tab}
      panels={{
        intro: <IntroTab />,
        games: <GamesTab mapPreview={ConfigMapPreview} />,
        sessions: <SessionsTab subtab={subtab} mapPreview={ConfigMapPreview} />,
        templates: <TemplatesTab mapPreview={ConfigMapPreview} />,
        settings: <SettingsTab />,
      }}
    />
  );
}

export function DashboardPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'dashboard.title' }));
  return (
    <InstructorOnly>
      <VerifyEmailBanner />
      <Dashboard />
    </InstructorOnly>
  );
}
