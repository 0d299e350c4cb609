import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { BeerView } from '../../../src-shared/beergame';
import { paths } from '../../paths';
import { trpc } from '../../trpc';
import { toastError } from '../../ui/notify';

/**
 * The viewer's live view of a game. A game the viewer may not open shows its message and sends
 * them back to the previous page, or home (spec, "A game page is refused").
 */
export function useGameView(gameId: string) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [view, setView] = useState<BeerView | null>(null);
  const subscription = trpc.game.watch.useSubscription(
    { gameId },
    {
      // These pages show beer games; another game type's page will take its own views.
      onData: (tracked) => setView(tracked.data.gameType === 'beergame' ? tracked.data : null),
      onError: (error) => {
        toastError(intl, error);
        if (error.data?.code === 'NOT_FOUND' || error.data?.code === 'FORBIDDEN') {
          if (window.history.length > 1) navigate(-1);
          else navigate(paths.home(), { replace: true });
        }
      },
    },
  );
  return { view, connected: subscription.status === 'pending' };
}
