import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { BeerGameResults } from '../features/beergame/results';
import { GameNav } from '../features/game-shell/game-nav';
import { useGameView } from '../features/game-shell/use-game-view';
import { PageLoader } from '../ui/page-loader';

export function GameResultsPage() {
  const { id = '' } = useParams();
  const { view, connected } = useGameView(id);
  useDocumentTitle(view?.name ?? '');
  if (!view) return <PageLoader />;
  return (
    <Stack gap="lg">
      <GameNav view={view} stage="results" connected={connected} />
      <BeerGameResults view={view} />
    </Stack>
  );
}
