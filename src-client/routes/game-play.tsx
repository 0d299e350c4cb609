import { Stack } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { GameNav } from '../features/game-shell/game-nav';
import { useGameView } from '../features/game-shell/use-game-view';
import { playCode } from '../game-type-hint';
import { loadChunk } from '../load-chunk';
import { usePageTitle } from '../look';
import { paths } from '../paths';
import { PageLoader } from '../ui/page-loader';

// A game of a session shows its session's name and round list; only such games load them.
const SessionCrumb = lazy(() => loadChunk(() => import('../features/session/session-crumb')));
// Each game type's page loads only with a game of that type (the lean game's with its words); the
// router starts loading the one this browser played last (game-type-hint.ts).
const BeerGamePlay = lazy(async () => ({ default: (await playCode.beergame()).BeerGamePlay }));
const LeanGamePlay = lazy(async () => ({ default: (await playCode.leangame()).LeanGamePlay }));

export function GamePlayPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { view } = useGameView(id);
  usePageTitle(view?.name ?? '');
  // After the last week of a beer game every participant goes to the results; a lean round's end
  // stays on the floor (the instructor may reset it for another round), its results a tab away.
  const finished = (view?.gameType === 'beergame' && view.finished) ?? false;
  // Once per game: this page stays mounted while the next one loads, and `navigate` changes with
  // every navigation meanwhile (a round that opens takes the player on): it must not pull them back.
  const sentToResults = useRef<string | null>(null);
  useEffect(() => {
    if (!finished || sentToResults.current === id) return;
    sentToResults.current = id;
    // A player already on their way elsewhere (the next round) goes there, not to these results.
    if (window.location.pathname !== paths.game(id, 'play')) return;
    navigate(paths.game(id, 'results'));
  }, [finished, id, navigate]);
  if (!view) return <PageLoader />;
  return (
    <Stack gap="lg">
      <GameNav
        view={view}
        stage="play"
        sessionCrumb={
          view.session && (
            <Suspense fallback={null}>
              <SessionCrumb place={view.session} gameId={view.gameId} stage="play" />
            </Suspense>
          )
        }
      />
      <Suspense fallback={<PageLoader />}>
        {view.gameType === 'beergame' && <BeerGamePlay view={view} />}
        {view.gameType === 'leangame' && <LeanGamePlay view={view} />}
      </Suspense>
    </Stack>
  );
}
