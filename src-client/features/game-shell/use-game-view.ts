import { useEffect } from 'react';
import type { GameView } from '../../../src-server/trpc/routers/game';
import { rememberGameType } from '../../game-type-hint';
import { useEnforcedLocale } from '../../i18n';
import { useLiveView } from '../../live-view';
import { trpc } from '../../trpc';
import { useLeaveRefusedPage } from '../../ui/leave-refused-page';

/**
 * The viewer's live view of a game, of either type (`gameType` tells them apart). The server sends
 * the whole view, then patches (issue 9: light live traffic) and beats; an update that does not
 * follow the view held reads the whole view again, and a failed subscription starts again by
 * itself while the page says it is stale (live-view.ts). A game the viewer may not open shows its
 * message and sends them back to the previous page if it is ours, else home (leave-refused-game.ts).
 */
export function useGameView(gameId: string) {
  const leaveRefusedGame = useLeaveRefusedPage();
  const live = useLiveView<GameView>(isRefusal);
  const subscription = trpc.game.watchChanges.useSubscription(
    { gameId },
    {
      onData: live.onData,
      onError: (error) => {
        if (!live.onError(error)) leaveRefusedGame(error.data?.messageId ?? 'dashboard.messGameUnknown');
      },
    },
  );
  live.restartWith(subscription.reset);
  const { view } = live;
  // A game in a language of its own shows its pages in it.
  useEnforcedLocale(view?.gameType === 'beergame' ? view.language : null);
  const gameType = view?.gameType;
  useEffect(() => {
    if (gameType) rememberGameType(gameType);
  }, [gameType]);
  return { view };
}

/** A game the viewer may not open (unknown, deleted, not theirs to see). */
const isRefusal = (error: { data?: { code?: string } | null }) =>
  error.data?.code === 'NOT_FOUND' || error.data?.code === 'FORBIDDEN';
