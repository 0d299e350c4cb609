/**
 * The rules of the top bar (spec point 2, "Navigation bar", and point 6, the audio player rule):
 * where the logo leads, when the home-to-dashboard icon, the Play and Results tabs, the language
 * picker and the music player show. The layout and the game's tabs call them with what they know.
 */

/** A workspace as the navigation sees it (spec point 3, `currentWorkspace`). */
export interface NavWorkspace {
  id: string;
  /** False when the instructor switched the public page off; the page shows unless it is false. */
  activePage: boolean | null;
}

export interface LogoTargetInput {
  /** Whether a user is signed in with an e-mail address (an instructor). */
  signedInWithEmail: boolean;
  /** The session of the game the user is playing now, if any (its lobby comes first). */
  currentSessionId: string | null;
  /** The workspace whose pages are shown (a public instructor page, a customised page), if any. */
  workspace: NavWorkspace | null;
  /** The game whose page is open, if any. */
  gameId: string | null;
  /** The user page (`/user/<id>`) that is open, if any. */
  userPageId: string | null;
  /** The session whose page is open, if any. */
  sessionId: string | null;
}

/** Where the logo leads, as a path: the spec's order of preference. */
export function logoTarget(input: LogoTargetInput): string {
  if (input.signedInWithEmail) return '/dashboard/intro';
  if (input.currentSessionId) return sessionLobby(input.currentSessionId);
  if (input.workspace && input.workspace.activePage !== false) return userPage(input.workspace.id);
  if (input.gameId) return `/game/${encodeURIComponent(input.gameId)}/intro`;
  if (input.userPageId) return userPage(input.userPageId);
  if (input.sessionId) return sessionLobby(input.sessionId);
  return '/';
}

const sessionLobby = (sessionId: string) => `/session/${encodeURIComponent(sessionId)}/lobby`;
const userPage = (id: string) => `/user/${encodeURIComponent(id)}`;

/** The home-to-dashboard icon: for users with an e-mail address, off the dashboard. */
export const showDashboardIcon = (signedInWithEmail: boolean, onDashboard: boolean): boolean =>
  signedInWithEmail && !onDashboard;

/** The changelog bell shows on dashboard routes only. */
export const showChangelogBell = (pathname: string): boolean => /^\/dashboard(\/|$)/.test(pathname);

export interface GameTabsInput {
  /** Whether the viewer holds a seat in the game. */
  playing: boolean;
  finished: boolean;
  /** Whether the open page is a stage page (route flag `stagePage`: the game's play page). */
  stagePage: boolean;
  /** Whether the game belongs to a session (its players come through the lobby; spec: tabs of a game without session). */
  inSession: boolean;
}

/** Null when a tab is open, else the id of the message its tooltip explains it with. */
export interface GameTabsState {
  play: 'game.tab.playDisabled' | null;
  results: 'game.tab.resultsDisabled' | null;
}

/**
 * The Intro / Play / Results tabs of a game without a session: Play is disabled unless the viewer
 * plays that game, the game is finished, or the page is a stage page; Results until the game is
 * finished. Its creator and observers watch through their own entry on the intro page (the board,
 * the watch button). A session's games keep Play open: its admins follow their teams from there.
 */
export function gameTabsState(input: GameTabsInput): GameTabsState {
  const playOpen = input.inSession || input.playing || input.finished || input.stagePage;
  return {
    play: playOpen ? null : 'game.tab.playDisabled',
    results: input.finished ? null : 'game.tab.resultsDisabled',
  };
}

export interface LanguagePickerInput {
  /** The session's `allowLanguagePicker`, or null outside a session. */
  sessionAllows: boolean | null;
  /** Whether the viewer administers the session (they always choose their language). */
  sessionAdmin: boolean;
  /** Whether the open game has a creator; null when no game is open. */
  gameHasCreator: boolean | null;
}

/** The language picker is shown when the session allows it or the game has no creator. */
export function showLanguagePicker(input: LanguagePickerInput): boolean {
  if (input.sessionAllows !== false) return true;
  if (input.sessionAdmin) return true;
  return input.gameHasCreator === false;
}

export type AudioPlayerAudience = 'instructor' | 'player';

export interface AudioPlayerInput {
  /** The session's `allowAudioPlayer`, or null outside a session. */
  allowAudioPlayer: readonly AudioPlayerAudience[] | null;
  sessionAdmin: boolean;
  /** Whether a user is signed in with an e-mail address (an instructor). */
  signedInWithEmail: boolean;
}

/**
 * The music player (spec point 6): in a session, for its admins when the session allows the
 * instructor, for its players when it allows players. Outside a session, instructors have it.
 */
export function showAudioPlayer(input: AudioPlayerInput): boolean {
  if (input.allowAudioPlayer === null) return input.signedInWithEmail;
  if (input.sessionAdmin) return input.allowAudioPlayer.includes('instructor');
  return input.allowAudioPlayer.includes('player');
}

/**
 * The changelog bell's count: the entries (newest first) above the last one this browser saw; all
 * of them when it saw none, or saw one no longer listed.
 */
export function unreadChangelogCount(entryIds: readonly string[], lastSeenId: string | null): number {
  const seen = lastSeenId === null ? -1 : entryIds.indexOf(lastSeenId);
  return seen === -1 ? entryIds.length : seen;
}
