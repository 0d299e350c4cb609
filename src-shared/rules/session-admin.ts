/**
 * Spec point 6, "Session admin": the session's creator, or any member of the session's team (team
 * accounts arrive in a later issue; a session without a team has its creator as only admin).
 */
export interface SessionOwnership {
  creatorId: string;
  /** The team account the session belongs to, if any. */
  teamId?: string | null;
}

export interface SessionViewer {
  userId: string | null;
  /** The team accounts the viewer is a member of. */
  teamIds?: readonly string[];
}

export function isSessionAdmin(session: SessionOwnership, viewer: SessionViewer): boolean {
  if (viewer.userId === null) return false;
  if (viewer.userId === session.creatorId) return true;
  return session.teamId != null && (viewer.teamIds ?? []).includes(session.teamId);
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
