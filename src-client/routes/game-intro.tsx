import { SimpleGrid, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { EventEditor } from '../features/beergame/event-editor';
import { ConfigMapPreview } from '../features/beergame/map/config-preview';
import { BeerRules } from '../features/beergame/rules';
import { GameSettingsPanel } from '../features/dashboard/game-settings/settings-panel';
import { GameIntro } from '../features/game-shell/game-intro';
import { GameNav } from '../features/game-shell/game-nav';
import { useGameView } from '../features/game-shell/use-game-view';
import { PageLoader } from '../ui/page-loader';

export function GameIntroPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const { view, connected } = useGameView(id);
  useDocumentTitle(view?.name ?? intl.formatMessage({ id: 'app.name' }));
  if (!view) return <PageLoader />;
  return (
    <Stack gap="lg">
      <GameNav view={view} stage="intro" connected={connected} />
      <GameIntro view={view} />
      {view.isCreator && !view.finished && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <GameSettingsPanel view={view} mapPreview={ConfigMapPreview} />
          <EventEditor view={view} />
        </SimpleGrid>
      )}
      <BeerRules view={view} />
    </Stack>
  );
}
