/**
 * Spec point 6, "Session admin": the session's creator, or any member of the session's team. A
 * session's team is its creator's team accounts, as they are now: a colleague who joins runs the
 * follow-up from then on, one who leaves no longer does.
 */
export interface SessionOwnership {
  creatorId: string;
}

export interface SessionViewer {
  userId: string | null;
  /** The users who share a team account with the viewer. */
  teammateIds?: readonly string[];
}

export function isSessionAdmin(session: SessionOwnership, viewer: SessionViewer): boolean {
  if (viewer.userId === null) return false;
  if (viewer.userId === session.creatorId) return true;
  return (viewer.teammateIds ?? []).includes(session.creatorId);
}

/**
 * Null when the viewer may open the session's pages, else the message to show (spec point 2): an
 * unknown or deleted session is not found; an unpublished one is seen by its admins only.
 */
export function sessionPageRefusal(
  session: (SessionOwnership & { exists: boolean; deleted: boolean; published: boolean }) | null,
  viewer: SessionViewer,
): 'session.sessionNotFound' | 'session.sessionNotPublished' | null {
  if (!session?.exists || session.deleted) return 'session.sessionNotFound';
  if (!session.published && !isSessionAdmin(session, viewer)) return 'session.sessionNotPublished';
  return null;
}
