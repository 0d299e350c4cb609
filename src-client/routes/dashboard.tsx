import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCurrentUser } from '../auth';
import { InstructorOnly } from '../features/auth/instructor-only';
import { CreateGameCard } from '../features/dashboard/create-game-card';
import { GamesList } from '../features/dashboard/games-list';

// The map preview of custom settings carries the engine: it loads with the settings form.
const ConfigMapPreview = lazy(async () => ({
  default: (await import('../features/beergame/map/config-preview')).ConfigMapPreview,
}));

export function DashboardPage() {
  const intl = useIntl();
  const { user } = useCurrentUser();
  useDocumentTitle(intl.formatMessage({ id: 'dashboard.title' }));
  return (
    <InstructorOnly>
      <Stack gap="lg" py="md">
        <Title order={2}>
          <FormattedMessage id="dashboard.welcome" values={{ name: user?.name }} />
        </Title>
        <CreateGameCard mapPreview={ConfigMapPreview} />
        <Title order={3}>
          <FormattedMessage id="dashboard.myGames" />
        </Title>
        <GamesList />
      </Stack>
    </InstructorOnly>
  );
}
