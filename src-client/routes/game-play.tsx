import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BeerGamePlay } from '../features/beergame/play';
import { GameNav } from '../features/game-shell/game-nav';
import { useGameView } from '../features/game-shell/use-game-view';
import { paths } from '../paths';
import { PageLoader } from '../ui/page-loader';

// A game of a session shows its session's name and round list; only such games load them.
const SessionCrumb = lazy(() => import('../features/session/round-menu'));

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
      <GameNav
        view={view}
        stage="play"
        connected={connected}
        sessionCrumb={
          view.session && (
            <Suspense fallback={null}>
              <SessionCrumb place={view.session} />
            </Suspense>
          )
        }
      />
      {view.gameType === 'beergame' && <BeerGamePlay view={view} />}
    </Stack>
  );
}
