import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BeerGamePlay } from '../features/beergame/play';
import { GameNav } from '../features/game-shell/game-nav';
import { useGameView } from '../features/game-shell/use-game-view';
import { paths } from '../paths';
import { PageLoader } from '../ui/page-loader';

export function GamePlayPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { view, connected } = useGameView(id);
  useDocumentTitle(view?.name ?? '');
  const finished = view?.finished ?? false;
  // After the last week every participant goes to the results.
  useEffect(() => {
    if (finished) navigate(paths.game(id, 'results'));
  }, [finished, id, navigate]);
  if (!view) return <PageLoader />;
  return (
    <Stack gap="lg">
      <GameNav view={view} stage="play" connected={connected} />
      <BeerGamePlay view={view} />
    </Stack>
  );
}
