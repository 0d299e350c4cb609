import { ActionIcon } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../paths';

/** The home-to-dashboard icon of the top bar, off the dashboard, for users with an e-mail address. */
export default function DashboardIcon() {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'nav.dashboard' });
  return (
    <ActionIcon
      component={Link}
      to={paths.dashboard()}
      variant="subtle"
      size="lg"
      aria-label={label}
      title={label}
      data-testid="dashboard-icon"
    >
      <IconLayoutDashboard size={20} stroke={1.6} />
    </ActionIcon>
  );
}
