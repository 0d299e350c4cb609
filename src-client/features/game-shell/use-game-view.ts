import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { BeerView } from '../../../src-shared/beergame';
import { trpc } from '../../trpc';
import { toastError } from '../../ui/notify';
import { useLeaveRefusedGame } from './leave-refused-game';

/**
 * The viewer's live view of a game. A game the viewer may not open shows its message and sends
 * them back to the previous page if it is ours, else home (leave-refused-game.ts).
 */
export function useGameView(gameId: string) {
  const intl = useIntl();
  const leaveRefusedGame = useLeaveRefusedGame();
  const [view, setView] = useState<BeerView | null>(null);
  const subscription = trpc.game.watch.useSubscription(
    { gameId },
    {
      // These pages show beer games; another game type's page will take its own views.
      onData: (tracked) => setView(tracked.data.gameType === 'beergame' ? tracked.data : null),
      onError: (error) => {
        if (error.data?.code === 'NOT_FOUND' || error.data?.code === 'FORBIDDEN')
          leaveRefusedGame(error.data.messageId ?? 'dashboard.messGameUnknown');
        else toastError(intl, error);
      },
    },
  );
  return { view, connected: subscription.status === 'pending' };
}
