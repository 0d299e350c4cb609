/** A session's live view in API tests: the first one (patches applied) that satisfies a predicate. */
import type { LiveView } from '../../src-shared/api/view-patch';
import { applyViewPatch } from '../../src-shared/api/view-patch';
import type { SessionView } from '../../src-shared/session';
import type { ApiUser } from './server';

/** Resolves with the first view of `sessionId` as `as` sees it that satisfies `predicate`. */
export function sessionView(
  as: ApiUser,
  sessionId: string,
  predicate: (view: SessionView) => boolean = () => true,
): Promise<SessionView> {
  return new Promise<SessionView>((resolve, reject) => {
    let held: SessionView | null = null;
    const timer = setTimeout(() => {
      subscription.unsubscribe();
      reject(new Error(`timed out waiting for a session view: ${JSON.stringify(held)?.slice(0, 400)}`));
    }, 20_000);
    const subscription = as.api.session.watch.subscribe(
      { sessionId },
      {
        onData: (update: LiveView<SessionView>) => {
          held = 'view' in update ? update.view : applyViewPatch(held!, update.patch);
          if (!predicate(held)) return;
          clearTimeout(timer);
          subscription.unsubscribe();
          resolve(held);
        },
        onError: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      },
    );
  });
}
