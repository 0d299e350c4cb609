import type { SessionView } from '../../../src-shared/session';
import { useLiveView } from '../../live-view';
import { trpc } from '../../trpc';
import { useLeaveRefusedPage } from '../../ui/leave-refused-page';

/**
 * The viewer's live view of a session (its lobby, and for its admins the follow-up rows): the whole
 * view, then patches and beats; an update that does not follow the view held reads the whole again,
 * and a failed subscription starts again by itself while the page says it is stale (live-view.ts).
 * A session the viewer may not open (unknown, deleted, unpublished) shows its message and leaves the
 * page as a refused game page does (unless `leaveWhenRefused` is false: the round list of a game
 * page, where the game stays and the list shows nothing).
 */
export function useSessionView(sessionId: string, { leaveWhenRefused = true } = {}) {
  const leave = useLeaveRefusedPage();
  const live = useLiveView<SessionView>(isRefusal);
  const subscription = trpc.session.watch.useSubscription(
    { sessionId },
    {
      onData: live.onData,
      onError: (error) => {
        if (!live.onError(error) && leaveWhenRefused)
          leave(error.data?.messageId ?? 'session.sessionNotFound');
      },
    },
  );
  live.restartWith(subscription.reset);
  return { view: refused(subscription.error) && !leaveWhenRefused ? null : live.view };
}

/** A session the viewer may not open (unknown, deleted, unpublished while they are no admin). */
const isRefusal = (error: { data?: { code?: string } | null }) =>
  error.data?.code === 'NOT_FOUND' || error.data?.code === 'FORBIDDEN';

const refused = (error: { data?: { code?: string } | null } | null) => error !== null && isRefusal(error);
