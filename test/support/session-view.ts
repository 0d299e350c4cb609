/** A session's live view in API tests: the first one (patches applied) that satisfies a predicate. */
import { type LiveView, nextHeldView } from '../../src-shared/api/view-patch';
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
    let seq = 0;
    const timer = setTimeout(() => {
      subscription.unsubscribe();
      reject(new Error(`timed out waiting for a session view: ${JSON.stringify(held)?.slice(0, 400)}`));
    }, 20_000);
    const subscription = as.api.session.watch.subscribe(
      { sessionId },
      {
        onData: (update: LiveView<SessionView>) => {
          const next = nextHeldView(held && { seq, view: held }, update);
          if (next === null) {
            clearTimeout(timer);
            subscription.unsubscribe();
            return reject(new Error(`a session update that does not follow ${seq}`));
          }
          ({ seq, view: held } = next);
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
