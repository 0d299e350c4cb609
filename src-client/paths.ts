import { generatePath } from 'react-router';

/** The URL patterns the router matches: every page of the app is one of these. */
export const patterns = {
  home: '/',
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  dashboardTab: '/dashboard/:tab',
  dashboardSubtab: '/dashboard/:tab/:subtab',
  game: '/game/:id',
  gameIntro: '/game/:id/intro',
  gamePlay: '/game/:id/play',
  gameResults: '/game/:id/results',
  /** A game's join code, as typed or scanned from its QR code: leads to the game's intro page. */
  join: '/j/:code',
  notFound: '*',
} as const;

/** The three pages of a game, in the order of its navigation tabs. */
export type GameStage = 'intro' | 'play' | 'results';

const gameStagePatterns = {
  intro: patterns.gameIntro,
  play: patterns.gamePlay,
  results: patterns.gameResults,
} satisfies Record<GameStage, string>;

/** The tabs of the instructor's dashboard, in the order of its tab bar; the first is its home. */
export const DASHBOARD_TABS = ['intro', 'games', 'templates', 'settings'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The links the app navigates to, built from the patterns. */
export const paths = {
  home: () => patterns.home,
  login: () => patterns.login,
  signup: () => patterns.signup,
  /** The dashboard opens on its introduction tab. */
  dashboard: (tab: DashboardTab = 'intro') => generatePath(patterns.dashboardTab, { tab }),
  game: (gameId: string, stage: GameStage) => generatePath(gameStagePatterns[stage], { id: gameId }),
  join: (code: string) => generatePath(patterns.join, { code }),
};

/** The address players open to join a game: its intro page, absolute so that it can be shared. */
export const joinLink = (gameId: string) => `${location.origin}${paths.game(gameId, 'intro')}`;

/** The short address of a join code, for its QR code: the shorter, the easier to scan from afar. */
export const joinCodeLink = (code: string) => `${location.origin}${paths.join(code)}`;
