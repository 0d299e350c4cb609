import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { GameNav } from '../features/game-shell/game-nav';
import { useGameView } from '../features/game-shell/use-game-view';
import { withFrontMessages, withLeanMessages } from '../i18n';
import { loadChunk } from '../load-chunk';
import { usePageTitle } from '../look';
import { PageLoader } from '../ui/page-loader';

// A game of a session shows its session's name and round list; only such games load them.
const SessionCrumb = lazy(() => loadChunk(() => import('../features/session/session-crumb')));
// Each game type's debrief loads only with a game of that type (the lean game's with its words).
const BeerResults = lazy(async () => ({
  default: (await loadChunk(() => import('../features/beergame/debrief/beer-results'))).BeerResults,
}));
const LeanResults = lazy(async () => ({
  default: (await withLeanMessages(loadChunk(() => import('../features/leangame/debrief/results'))))
    .LeanResults,
}));

// The end of a demo calls the visitor to sign up: only a demo loads it, with its words.
const DemoSignUpCall = lazy(async () => ({
  default: (await withFrontMessages(loadChunk(() => import('../features/demo/sign-up-call')))).DemoSignUpCall,
}));

export function GameResultsPage() {
  const { id = '' } = useParams();
  const { view } = useGameView(id);
  usePageTitle(view?.name ?? '');
  if (!view) return <PageLoader />;
  return (
    <Stack gap="lg">
      {/* Navigation stays on screen: the printed debrief starts with its title. */}
      <div className="debrief-no-print">
        <GameNav
          view={view}
          stage="results"
          sessionCrumb={
            view.session && (
              <Suspense fallback={null}>
                <SessionCrumb place={view.session} gameId={view.gameId} stage="results" />
              </Suspense>
            )
          }
        />
      </div>
      {view.gameType === 'beergame' && view.demo && (
        <Suspense fallback={null}>
          <DemoSignUpCall />
        </Suspense>
      )}
      <Suspense fallback={<PageLoader />}>
        {view.gameType === 'leangame' ? <LeanResults view={view} /> : <BeerResults view={view} />}
      </Suspense>
    </Stack>
  );
}
