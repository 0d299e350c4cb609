import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { applyViewPatch, type LiveView } from '../../../src-shared/api/view-patch';
import type { SessionView } from '../../../src-shared/session';
import { trpc } from '../../trpc';
import { useLeaveRefusedPage } from '../../ui/leave-refused-page';
import { toastError } from '../../ui/notify';

/**
 * The viewer's live view of a session (its lobby, and for its admins the follow-up rows): the whole
 * view, then patches; a patch that does not follow the view held reads the whole again. A session
 * the viewer may not open (unknown, deleted, unpublished) shows its message and leaves the page as
 * a refused game page does (unless `leaveWhenRefused` is false: the round list of a game page).
 */
export function useSessionView(sessionId: string, { leaveWhenRefused = true } = {}) {
  const intl = useIntl();
  const leave = useLeaveRefusedPage();
  const [view, setView] = useState<SessionView | null>(null);
  const held = useRef<{ seq: number; view: SessionView } | null>(null);
  const subscription = trpc.session.watch.useSubscription(
    { sessionId },
    {
      onData: (update: LiveView<SessionView>) => {
        const next = nextView(held.current, update);
        held.current = next;
        if (next === null) return subscription.reset();
        setView(next.view);
      },
      onError: (error) => {
        const refused = error.data?.code === 'NOT_FOUND' || error.data?.code === 'FORBIDDEN';
        // A game page's round list says nothing of a session it may no longer show: the game stays.
        if (refused && !leaveWhenRefused) setView(null);
        else if (refused) leave(error.data?.messageId ?? 'session.sessionNotFound');
        // A subscription cut off without an answer (a socket closed under it, the sign-in that
        // changed) is the connection's to tell (ui/connection-banner.tsx): it starts again by itself.
        else if (error.data) toastError(intl, error);
      },
    },
  );
  return { view };
}

function nextView(
  held: { seq: number; view: SessionView } | null,
  update: LiveView<SessionView>,
): { seq: number; view: SessionView } | null {
  if ('view' in update) return { seq: update.seq, view: update.view };
  if (held === null || held.seq !== update.base) return null;
  try {
    return { seq: update.seq, view: applyViewPatch(held.view, update.patch) };
  } catch {
    return null;
  }
}
