import { Anchor, Breadcrumbs, Group, Tabs, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { GameView } from '../../../src-server/trpc/routers/game';
import { gameTabsState } from '../../../src-shared/rules/navigation';
import { isInstructor } from '../../../src-shared/rules/permissions';
import { useCurrentUser } from '../../auth';
import { type GameStage, paths } from '../../paths';
import { useFacilityName } from '../../ui/facility-name';
import { Tooltip } from '../../ui/tooltip';

/**
 * Breadcrumbs and the Intro / Play / Results tabs of a game (spec, navigation bar): for a game
 * without a session, Play is open to its players, once finished, or on the play page itself (the
 * stage page); Results once finished (src-shared/rules/navigation.ts, `gameTabsState`). Disabled
 * tabs say why. The creator and observers watch through their own entry on the intro page (the
 * board button, the watch button). A game of a session starts its breadcrumbs with `sessionCrumb` (the session's name and round
 * list, from the session feature through the route); another starts with "All games", a link to the
 * dashboard's games for an instructor, and shown to no one else (players have no such list).
 */
export function GameNav({
  view,
  stage,
  sessionCrumb,
}: {
  view: GameView;
  stage: GameStage;
  sessionCrumb?: ReactNode;
}) {
  const intl = useIntl();
  const tooltipIds = useId();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const playingAs = usePlayingAs(view);
  const tabs = gameTabsState({
    playing: isPlaying(view),
    finished: view.finished,
    stagePage: stage === 'play',
    inSession: !!view.session,
  });
  const tab = (value: GameStage, reasonId: string | null) => {
    // The reason a tab is closed is the tab's description, shown above it on hover: outside the
    // tab, which a disabled tab would dim, and inside a wrapper a tab list may hold.
    const reasonFor = `${tooltipIds}-${value}`;
    const control = (
      <Tabs.Tab
        value={value}
        disabled={reasonId !== null}
        aria-describedby={reasonId === null ? undefined : reasonFor}
        data-testid={`tab-${value}`}
      >
        <FormattedMessage id={`game.tab.${value}`} />
      </Tabs.Tab>
    );
    return reasonId === null ? (
      control
    ) : (
      <Tooltip id={reasonFor} label={intl.formatMessage({ id: reasonId })}>
        <span data-testid={`tab-${value}-reason`}>{control}</span>
      </Tooltip>
    );
  };
  return (
    <Group justify="space-between" wrap="wrap" mb="md" gap="xs">
      <Group gap="xs">
        <Breadcrumbs separator="›">
          {view.session && sessionCrumb
            ? sessionCrumb
            : isInstructor(user) && (
                <Anchor
                  component={Link}
                  to={paths.dashboard('games')}
                  size="sm"
                  data-testid="crumb-all-games"
                >
                  <FormattedMessage id="nav.allGames" />
                </Anchor>
              )}
          <Text size="sm" fw={600}>
            {view.name}
          </Text>
          {stage === 'play' && (
            <Text size="sm" data-testid="playing-as">
              {playingAs ? (
                <FormattedMessage id="nav.playingAs" values={{ role: playingAs }} />
              ) : (
                <FormattedMessage id={view.isCreator ? 'nav.instructor' : 'nav.observer'} />
              )}
            </Text>
          )}
          {stage === 'results' && (
            <Text size="sm">
              <FormattedMessage id="game.tab.results" />
            </Text>
          )}
        </Breadcrumbs>
      </Group>
      <Tabs
        value={stage}
        onChange={(value) => value && navigate(paths.game(view.gameId, value as GameStage))}
      >
        <Tabs.List>
          {tab('intro', null)}
          {tab('play', tabs.play)}
          {tab('results', tabs.results)}
        </Tabs.List>
      </Tabs>
    </Group>
  );
}

/** Whether the viewer holds a seat in the game. */
function isPlaying(view: GameView): boolean {
  if (view.gameType === 'leangame') return view.facilities.some((f) => f.id === view.me);
  return view.myFacilityId !== null;
}

/** The name of the viewer's seat (a beer game's role, a lean game's facility); null without one. */
function usePlayingAs(view: GameView): string | null {
  const facilityName = useFacilityName();
  if (view.gameType === 'leangame') return view.facilities.find((f) => f.id === view.me)?.name ?? null;
  const mine = view.facilities.find((f) => f.id === view.myFacilityId);
  return mine ? facilityName(mine) : null;
}
