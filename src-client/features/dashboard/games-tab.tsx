import { Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { CreateGameCard } from './create-game-card';
import type { MapPreview } from './game-settings/settings-form';
import { GamesList } from './games-list';
import { TeamGamesList } from './team-games-list';
import { type ListScope, ScopeControl, useHasTeammates } from './team-scope';

/** The games tab: a new game, then the instructor's games, or their teammates' (spec point 6). */
export function GamesTab({
  mapPreview,
  usageTags = {},
}: {
  mapPreview: MapPreview;
  /** Per game type, the players of its plan taken ("12/60"), when the plan has a maximum. */
  usageTags?: Partial<Record<string, string>>;
}) {
  const hasTeammates = useHasTeammates();
  const [scope, setScope] = useState<ListScope>('mine');
  const team = hasTeammates && scope === 'team';
  return (
    <Stack gap="lg">
      <CreateGameCard mapPreview={mapPreview} usageTags={usageTags} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={3}>
          <FormattedMessage id={team ? 'dashboard.teamGames' : 'dashboard.myGames'} />
        </Title>
        {hasTeammates && <ScopeControl value={scope} onChange={setScope} testId="games-scope" />}
      </Group>
      {team ? <TeamGamesList /> : <GamesList />}
    </Stack>
  );
}
