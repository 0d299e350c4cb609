import { SimpleGrid, Stack } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useParams } from 'react-router';
import type { BeerView } from '../../src-shared/beergame';
import { BeerRules } from '../features/beergame/rules';
import { GameIntro } from '../features/game-shell/game-intro';
import { GameNav } from '../features/game-shell/game-nav';
import { MySeatCard, ShareButtons, ShareLinkCard, useTakeSeat } from '../features/game-shell/take-seat';
import { useGameView } from '../features/game-shell/use-game-view';
import { withAudienceMessages, withInstructorMessages, withLeanMessages } from '../i18n';
import { loadChunk } from '../load-chunk';
import { usePageTitle } from '../look';
import { PageLoader } from '../ui/page-loader';

// A game of a session shows its session's name and round list; only such games load them.
const SessionCrumb = lazy(() => loadChunk(() => import('../features/session/session-crumb')));

// The creator's tools carry the engine and the settings form: players joining on a phone never load them.
// ...nor the words of instructors' pages (i18n.tsx), which the creator's tools load with them.
const GameSettingsPanel = lazy(async () => ({
  default: (
    await withInstructorMessages(
      loadChunk(() => import('../features/dashboard/game-settings/settings-panel')),
    )
  ).GameSettingsPanel,
}));
const EventEditor = lazy(async () => ({
  default: (await withInstructorMessages(loadChunk(() => import('../features/beergame/event-editor'))))
    .EventEditor,
}));
const ScheduledMessages = lazy(async () => ({
  default: (await withInstructorMessages(loadChunk(() => import('../features/beergame/event-editor'))))
    .ScheduledMessages,
}));
// The debrief editor (either game), with the section titles of the debriefs' words.
const DebriefSettingsCard = lazy(async () => ({
  default: (
    await withAudienceMessages(
      'debrief',
      withInstructorMessages(loadChunk(() => import('../features/dashboard/game-settings/debrief-settings'))),
    )
  ).DebriefSettingsCard,
}));
const ConfigMapPreview = lazy(async () => ({
  default: (await loadChunk(() => import('../features/beergame/map/config-preview'))).ConfigMapPreview,
}));

// The lean game's pages and their words load only with a lean game.
const LeanIntro = lazy(async () => ({
  default: (await withLeanMessages(loadChunk(() => import('../features/leangame/lean-intro')))).LeanIntro,
}));

const leanIntroParts = { useTakeSeat, MySeatCard, ShareButtons, ShareLinkCard };

export function GameIntroPage() {
  const { id = '' } = useParams();
  const { view } = useGameView(id);
  usePageTitle(view?.name ?? null);
  if (!view) return <PageLoader />;
  const debrief = view.isCreator && (
    <Suspense fallback={null}>
      <DebriefSettingsCard view={view} />
    </Suspense>
  );
  return (
    <Stack gap="lg">
      <GameNav
        view={view}
        stage="intro"
        sessionCrumb={
          view.session && (
            <Suspense fallback={null}>
              <SessionCrumb place={view.session} gameId={view.gameId} stage="intro" />
            </Suspense>
          )
        }
      />
      {view.gameType === 'leangame' ? (
        <>
          <Suspense fallback={<PageLoader />}>
            <LeanIntro view={view} parts={leanIntroParts} />
          </Suspense>
          {debrief}
        </>
      ) : (
        <BeerIntro view={view} debrief={debrief} />
      )}
    </Stack>
  );
}

/** A beer game's intro: its roles, the creator's settings and events, the rules. */
function BeerIntro({ view, debrief }: { view: BeerView; debrief: ReactNode }) {
  return (
    <>
      <GameIntro view={view} />
      {view.isCreator && !view.finished && (
        <Suspense fallback={<PageLoader />}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
            <Stack gap="lg">
              <GameSettingsPanel view={view} mapPreview={ConfigMapPreview} />
              <ScheduledMessages view={view} />
            </Stack>
            <EventEditor view={view} />
          </SimpleGrid>
        </Suspense>
      )}
      {debrief}
      <BeerRules view={view} />
    </>
  );
}
