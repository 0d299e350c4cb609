/** The game fields that decide who may open a game page (spec point 2, "A game page is refused"). */
export interface GameAccessFacts {
  exists: boolean;
  deleted: boolean;
  draft: boolean;
  archived: boolean;
  hasFacilities: boolean;
  creatorId: string;
}

/**
 * Null when the viewer may open the game page, else the message id to show: an unknown, deleted or
 * facility-less game is unknown to everyone; a draft or archived one to everyone but its creator.
 */
export function gamePageRefusal(game: GameAccessFacts, viewerId: string | null): string | null {
  if (!game.exists || game.deleted || !game.hasFacilities) return 'dashboard.messGameUnknown';
  if ((game.draft || game.archived) && viewerId !== game.creatorId) return 'dashboard.messGameNotPublished';
  return null;
}

/** Instructors are signed-in users with an e-mail account (spec point 6). */
export const isInstructor = (user: { email: string | null } | null): boolean => user?.email != null;
