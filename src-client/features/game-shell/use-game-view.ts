import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { GameView } from '../../../src-server/trpc/routers/game';
import { applyViewPatch, type LiveView } from '../../../src-shared/api/view-patch';
import { rememberGameType } from '../../game-type-hint';
import { useEnforcedLocale } from '../../i18n';
import { trpc } from '../../trpc';
import { useLeaveRefusedPage } from '../../ui/leave-refused-page';
import { toastError } from '../../ui/notify';

/**
 * The viewer's live view of a game, of either type (`gameType` tells them apart). The server sends the whole view, then patches (issue 9: light
 * live traffic); a patch that does not follow the view held here (a gap) reads the whole view
 * again. A game the viewer may not open shows its message and sends them back to the previous
 * page if it is ours, else home (leave-refused-game.ts).
 */
export function useGameView(gameId: string) {
  const intl = useIntl();
  const leaveRefusedGame = useLeaveRefusedPage();
  const [view, setView] = useState<GameView | null>(null);
  // The last view applied and its number; a ref, so that patches arriving together apply in order.
  const held = useRef<{ seq: number; view: GameView } | null>(null);
  const onData = (update: LiveView<GameView>) => {
    const next = nextView(held.current, update);
    if (next === null) {
      held.current = null;
      subscription.reset();
      return;
    }
    held.current = next;
    setView(next.view);
  };
  const subscription = trpc.game.watchChanges.useSubscription(
    { gameId },
    {
      onData,
      onError: (error) => {
        if (error.data?.code === 'NOT_FOUND' || error.data?.code === 'FORBIDDEN')
          leaveRefusedGame(error.data.messageId ?? 'dashboard.messGameUnknown');
        // A subscription cut off without an answer (a socket closed under it, the sign-in that
        // changed) is the connection's to tell (ui/connection-banner.tsx): it starts again by itself.
        else if (error.data) toastError(intl, error);
      },
    },
  );
  // A game in a language of its own shows its pages in it.
  useEnforcedLocale(view?.gameType === 'beergame' ? view.language : null);
  const gameType = view?.gameType;
  useEffect(() => {
    if (gameType) rememberGameType(gameType);
  }, [gameType]);
  return { view };
}

/** The view after `update`, or null when it cannot be applied to the view held (read the whole again). */
function nextView(
  held: { seq: number; view: GameView } | null,
  update: LiveView<GameView>,
): { seq: number; view: GameView } | null {
  if ('view' in update) return { seq: update.seq, view: update.view };
  if (held === null || held.seq !== update.base) return null;
  try {
    return { seq: update.seq, view: applyViewPatch(held.view, update.patch) };
  } catch {
    return null;
  }
}
