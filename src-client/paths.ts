import { generatePath } from 'react-router';

/** The URL patterns the router matches: every page of the app is one of these. */
export const patterns = {
  home: '/',
  login: '/login',
  signup: '/signup',
  /** The links of the product's mails (src-shared/rules/auth-action.ts). */
  authAction: '/auth-action',
  /** The first sign-in's questions (spec point 2). */
  setupAccount: '/setup-account',
  dashboard: '/dashboard',
  dashboardTab: '/dashboard/:tab',
  dashboardSubtab: '/dashboard/:tab/:subtab',
  game: '/game/:id',
  gameIntro: '/game/:id/intro',
  gamePlay: '/game/:id/play',
  gameResults: '/game/:id/results',
  /** A game's join code, as typed or scanned from its QR code: leads to the game's intro page. */
  join: '/j/:code',
  session: '/session/:sid',
  sessionLobby: '/session/:sid/lobby',
  sessionFollowUp: '/session/:sid/follow-up',
  sessionResponses: '/session/:sid/responses',
  sessionResults: '/session/:sid/results',
  /** The VAT and total of an amount for a country (spec, routes): open to anyone. */
  quote: '/quote',
  /** A short game against the computer, without an account (issue 28). */
  demo: '/demo',
  /** The best team costs of each built-in template (issue 28). */
  leaderboard: '/leaderboard',
  /** The loading redirect (spec point 2): sends the user where they belong, or to a local `?to=`. */
  loading: '/loading',
  /** The operators' page: error reports and analytics (issue 28). */
  operator: '/operator',
  /** An instructor's public page, by owner id, workspace id or slug (issue 28): open to anyone. */
  userPage: '/user/:uid',
  notFound: '*',
} as const;

/** The three pages of a game, in the order of its navigation tabs. */
export type GameStage = 'intro' | 'play' | 'results';

const gameStagePatterns = {
  intro: patterns.gameIntro,
  play: patterns.gamePlay,
  results: patterns.gameResults,
} satisfies Record<GameStage, string>;

/** The pages of a session: the lobby for everyone, the others for its admins (results for players too, when allowed). */
export type SessionPage = 'lobby' | 'follow-up' | 'responses' | 'results';

const sessionPagePatterns = {
  lobby: patterns.sessionLobby,
  'follow-up': patterns.sessionFollowUp,
  responses: patterns.sessionResponses,
  results: patterns.sessionResults,
} satisfies Record<SessionPage, string>;

/** The tabs of the instructor's dashboard, in the order of its tab bar; the first is its home. */
export const DASHBOARD_TABS = [
  'intro',
  'games',
  'sessions',
  'templates',
  'settings',
  'subscription',
  'referral',
  'suggest-feature',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The links the app navigates to, built from the patterns. */
export const paths = {
  home: () => patterns.home,
  login: () => patterns.login,
  signup: () => patterns.signup,
  setupAccount: () => patterns.setupAccount,
  /** The dashboard opens on its introduction tab. */
  dashboard: (tab: DashboardTab = 'intro') => generatePath(patterns.dashboardTab, { tab }),
  game: (gameId: string, stage: GameStage) => generatePath(gameStagePatterns[stage], { id: gameId }),
  join: (code: string) => generatePath(patterns.join, { code }),
  session: (sessionId: string, page: SessionPage = 'lobby') =>
    generatePath(sessionPagePatterns[page], { sid: sessionId }),
  quote: () => patterns.quote,
  demo: () => patterns.demo,
  leaderboard: () => patterns.leaderboard,
  operator: () => patterns.operator,
  userPage: (address: string) => generatePath(patterns.userPage, { uid: address }),
  /** A session's editor: the sessions tab with the session as its subtab. */
  sessionEditor: (sessionId: string) =>
    generatePath(patterns.dashboardSubtab, { tab: 'sessions', subtab: sessionId }),
};

/** The address players open to join a game: its intro page, absolute so that it can be shared. */
export const joinLink = (gameId: string) => `${location.origin}${paths.game(gameId, 'intro')}`;

/** The short address of a join code, for its QR code: the shorter, the easier to scan from afar. */
export const joinCodeLink = (code: string) => `${location.origin}${paths.join(code)}`;
