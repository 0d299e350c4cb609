import { Button, Menu, Tabs } from '@mantine/core';
import {
  type Icon,
  IconChevronDown,
  IconDeviceGamepad2,
  IconHome,
  IconMenu2,
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
};

/** A tab's address: the settings open on the profile (spec, settings #profile). */
const tabLink = (tab: DashboardTab) => ({
  pathname: paths.dashboard(tab),
  hash: tab === 'settings' ? 'profile' : '',
});

/**
 * The dashboard's tabs, each an address (the browser's back button goes back a tab): a tab bar on
 * a laptop, a menu of the tabs on a phone (spec, mobile dashboard menu). Only the open tab's
 * content is mounted.
 */
export function DashboardTabs({
  tab,
  panels,
}: {
  tab: DashboardTab;
  panels: Record<DashboardTab, ReactNode>;
}) {
  const navigate = useNavigate();
  const CurrentIcon = TAB_ICONS[tab];
  return (
    <Tabs
      value={tab}
      onChange={(next) => next && next !== tab && navigate(tabLink(next as DashboardTab))}
      keepMounted={false}
      pt="md"
    >
      <Tabs.List visibleFrom="sm" mb="lg">
        {DASHBOARD_TABS.map((name) => {
          const TabIcon = TAB_ICONS[name];
          return (
            <Tabs.Tab key={name} value={name} leftSection={<TabIcon size={18} />} data-testid={`tab-${name}`}>
              <FormattedMessage id={`dashboard.tab.${name}`} />
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
            <FormattedMessage id={`dashboard.tab.${tab}`} />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {DASHBOARD_TABS.map((name) => {
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
                <FormattedMessage id={`dashboard.tab.${name}`} />
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
