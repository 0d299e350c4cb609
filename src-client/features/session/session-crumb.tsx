import { Anchor, Button, type ButtonProps, Group, Loader } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SessionView } from '../../../src-shared/session/view';
import { loadChunk, prefetchLater } from '../../load-chunk';
import { paths } from '../../paths';
import { useSessionNavFacts } from '../../ui/nav-facts';
import { useFollowRounds } from './follow-rounds';
import { useSessionLabels } from './lobby-labels';
import { useSessionView } from './use-session-view';

/** Where a game sits in its session, as beer game views say (`BeerView.session`). */
export interface GamePlace {
  sessionId: string;
  roundNumber: number;
  teamNumber: number;
}

const loadRoundMenu = () => loadChunk(() => import('./round-menu'));
const RoundMenu = lazy(async () => ({ default: (await loadRoundMenu()).RoundMenu }));

/** The round button ("Round 1/2"), the same before and after the menu's code is loaded. */
export function useRoundButton(view: SessionView, place: GamePlace) {
  const intl = useIntl();
  const labels = useSessionLabels(view);
  return {
    variant: 'light',
    size: 'compact-sm',
    rightSection: <IconChevronDown size={14} />,
    // The name begins with what the button shows ("Round 1/2"), then says it opens the rounds.
    'aria-label': `${labels.roundLabel} ${place.roundNumber}/${view.rounds.length}, ${intl.formatMessage({ id: 'session.nav.rounds' })}`,
    'data-testid': 'round-menu',
    children: `${labels.roundLabel} ${place.roundNumber}/${view.rounds.length}`,
  } satisfies ButtonProps & Record<string, unknown>;
}

/**
 * The first breadcrumb of a game played in a session: the session's name (back to its lobby) and,
 * for a session of several rounds, the round list for the viewer's team. Loaded only for games of
 * a session, so that a game without one does not watch anything more. It follows the session for
 * its players: the class moving on to another round takes them along, from any page of the game.
 * The round list's menu (round-menu.tsx) is not part of the page's first load: its button shows at
 * once, and the menu's code loads once the first load is over, or at the button's first press.
 */
export default function SessionCrumb({
  place,
  gameId,
  stage,
}: {
  place: GamePlace;
  gameId: string;
  stage: 'intro' | 'play' | 'results';
}) {
  const { view } = useSessionView(place.sessionId, { leaveWhenRefused: false });
  useFollowRounds(view, { kind: 'game', gameId, roundNumber: place.roundNumber, stage });
  // The bar's language picker and music player follow the session's rules.
  useSessionNavFacts(view);
  const severalRounds = (view?.rounds.length ?? 0) >= 2;
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!severalRounds) return;
    return prefetchLater(() => loadRoundMenu().then(() => setMenuLoaded(true)));
  }, [severalRounds]);
  if (!view) return <Loader size={14} type="dots" />;
  const name = (
    <Anchor
      component={Link}
      to={paths.session(view.sessionId, 'lobby')}
      size="sm"
      c="dimmed"
      data-testid="session-crumb"
    >
      {view.name}
    </Anchor>
  );
  if (!severalRounds) return name;
  return (
    <Group gap={6} wrap="nowrap">
      {name}
      {menuLoaded || opened ? (
        <Suspense fallback={<RoundButton view={view} place={place} />}>
          <RoundMenu view={view} place={place} opened={opened} onChange={setOpened} />
        </Suspense>
      ) : (
        <RoundButton view={view} place={place} onPress={() => setOpened(true)} />
      )}
    </Group>
  );
}

/** The round button before its menu's code is there: pressing it loads the menu, open. */
function RoundButton({
  view,
  place,
  onPress,
}: {
  view: SessionView;
  place: GamePlace;
  onPress?: () => void;
}) {
  return <Button {...useRoundButton(view, place)} onClick={onPress} />;
}
