import { Button, Menu, Tabs } from '@mantine/core';
import {
  type Icon,
  IconBulb,
  IconChevronDown,
  IconCreditCard,
  IconDeviceGamepad2,
  IconHome,
  IconMenu2,
  IconSend,
  IconSettings,
  IconTemplate,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { DASHBOARD_TABS, type DashboardTab, paths } from '../../paths';

const TAB_ICONS: Record<DashboardTab, Icon> = {
  intro: IconHome,
  games: IconDeviceGamepad2,
  sessions: IconUsersGroup,
  templates: IconTemplate,
  settings: IconSettings,
  subscription: IconCreditCard,
  referral: IconSend,
  'suggest-feature': IconBulb,
};

/** A tab's address: the settings open on the profile (spec, settings #profile). */
const tabLink = (tab: DashboardTab) => ({
  pathname: paths.dashboard(tab),
  hash: tab === 'settings' ? 'profile' : '',
});

/**
 * The dashboard's tabs, each an address (the browser's back button goes back a tab): a tab bar on
 * a laptop, a menu of the tabs on a phone (spec, mobile dashboard menu). Only the open tab's
 * content is mounted. The page says which tabs are hidden and which are named otherwise (with
 * plans off the subscription tab is the team's, and there is no referral tab).
 */
export function DashboardTabs({
  tab,
  panels,
  hidden = [],
  labels = {},
}: {
  tab: DashboardTab;
  panels: Record<DashboardTab, ReactNode>;
  hidden?: readonly DashboardTab[];
  labels?: Partial<Record<DashboardTab, string>>;
}) {
  const navigate = useNavigate();
  const CurrentIcon = TAB_ICONS[tab];
  const shown = DASHBOARD_TABS.filter((name) => !hidden.includes(name));
  const label = (name: DashboardTab) => <FormattedMessage id={labels[name] ?? `dashboard.tab.${name}`} />;
  return (
    <Tabs
      value={tab}
      onChange={(next) => next && next !== tab && navigate(tabLink(next as DashboardTab))}
      keepMounted={false}
      pt="md"
    >
      <Tabs.List visibleFrom="sm" mb="lg">
        {shown.map((name) => {
          const TabIcon = TAB_ICONS[name];
          return (
            <Tabs.Tab key={name} value={name} leftSection={<TabIcon size={18} />} data-testid={`tab-${name}`}>
              {label(name)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      <Menu position="bottom-start" width="target" withinPortal>
        <Menu.Target>
          <Button
            hiddenFrom="sm"
            mb="md"
            variant="light"
            fullWidth
            justify="space-between"
            leftSection={<IconMenu2 size={18} />}
            rightSection={<IconChevronDown size={16} />}
            data-testid="dashboard-menu"
          >
            <CurrentIcon size={18} style={{ marginRight: 8 }} />
            {label(tab)}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {shown.map((name) => {
            const TabIcon = TAB_ICONS[name];
            return (
              <Menu.Item
                key={name}
                component={Link}
                to={tabLink(name)}
                leftSection={<TabIcon size={18} />}
                fw={name === tab ? 700 : 400}
                data-testid={`menu-${name}`}
              >
                {label(name)}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      {DASHBOARD_TABS.map((name) => (
        <Tabs.Panel key={name} value={name}>
          {panels[name]}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
