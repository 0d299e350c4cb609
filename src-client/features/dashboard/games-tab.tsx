import { Stack, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { CreateGameCard } from './create-game-card';
import type { MapPreview } from './game-settings/settings-form';
import { GamesList } from './games-list';

/** The games tab: a new game, then the instructor's games. */
export function GamesTab({ mapPreview }: { mapPreview: MapPreview }) {
  return (
    <Stack gap="lg">
      <CreateGameCard mapPreview={mapPreview} />
      <Title order={3}>
        <FormattedMessage id="dashboard.myGames" />
      </Title>
      <GamesList />
    </Stack>
  );
}
