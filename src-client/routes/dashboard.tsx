import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCurrentUser } from '../auth';
import { InstructorOnly } from '../features/auth/instructor-only';
import { CreateGameCard } from '../features/dashboard/create-game-card';
import { GamesList } from '../features/dashboard/games-list';

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
        <CreateGameCard />
        <Title order={3}>
          <FormattedMessage id="dashboard.myGames" />
        </Title>
        <GamesList />
      </Stack>
    </InstructorOnly>
  );
}
