import { type ComponentType, lazy } from 'react';
import { BrowserRouter, matchPath, Navigate, Route, Routes, useParams } from 'react-router';
import { prefetchHintedPlay } from './game-type-hint';
import { loadInstructorMessages, withDebriefMessages, withFrontMessages } from './i18n';
import { loadChunk } from './load-chunk';
import { paths, patterns } from './paths';
import { PendingActions } from './pending-actions';
import { Layout } from './ui/layout';

/**
 * A page whose code is loaded when it is first visited, so that a player's browser never loads the
 * dashboard's. While the first page of a visit loads, the layout shows a loader in its place (its
 * Suspense boundary); later navigations are transitions, which keep the current page until the next
 * one is ready. The declarative router rather than createBrowserRouter: the data router's loading
 * machinery, unused here, was 15 KB of a player's first load (docs/benchmarks.md).
 */
const lazyPage = (load: () => Promise<ComponentType>) => lazy(async () => ({ default: await load() }));
/** `load`, run once: the page and its early start (`startFirstPage`) share it. */
const once = <T,>(load: () => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
};
/** An instructor's page: its code and the English words of instructors' pages (i18n.tsx), together. */
const lazyInstructorPage = (load: () => Promise<ComponentType>) =>
  lazyPage(async () => (await Promise.all([load(), loadInstructorMessages()]))[0]);

// The home page's games, the demo, the leaderboard and the loading page load the front door's words with them.
const HomePage = lazyPage(
  async () => (await withFrontMessages(loadChunk(() => import('./routes/home')))).HomePage,
);
const DemoPage = lazyPage(
  async () => (await withFrontMessages(loadChunk(() => import('./routes/demo')))).DemoPage,
);
// The leaderboard names the templates with the templates' words (`template.*`, an instructor's).
const LeaderboardPage = lazyInstructorPage(
  async () => (await withFrontMessages(loadChunk(() => import('./routes/leaderboard')))).LeaderboardPage,
);
const LoadingPage = lazyPage(
  async () => (await withFrontMessages(loadChunk(() => import('./routes/loading')))).LoadingPage,
);
// The account's pages are an instructor's: their words (`account.*`) load with the instructors'.
const LoginPage = lazyInstructorPage(async () => (await loadChunk(() => import('./routes/auth'))).LoginPage);
const SignupPage = lazyInstructorPage(
  async () => (await loadChunk(() => import('./routes/auth'))).SignupPage,
);
const AuthActionPage = lazyInstructorPage(
  async () => (await loadChunk(() => import('./routes/auth-action'))).AuthActionPage,
);
const SetupAccountPage = lazyInstructorPage(
  async () => (await loadChunk(() => import('./routes/setup-account'))).SetupAccountPage,
);
const DashboardPage = lazyInstructorPage(
  async () => (await loadChunk(() => import('./routes/dashboard'))).DashboardPage,
);
const loadGameIntro = once(async () => (await loadChunk(() => import('./routes/game-intro'))).GameIntroPage);
const GameIntroPage = lazyPage(loadGameIntro);
const loadGamePlay = once(async () => {
  prefetchHintedPlay();
  return (await loadChunk(() => import('./routes/game-play'))).GamePlayPage;
});
const GamePlayPage = lazyPage(loadGamePlay);
// The results pages' words (the debriefs') load with the page, in the language shown.
const loadGameResults = once(
  async () => (await withDebriefMessages(loadChunk(() => import('./routes/game-results')))).GameResultsPage,
);
const GameResultsPage = lazyPage(loadGameResults);
const loadJoin = once(async () => (await loadChunk(() => import('./routes/join'))).JoinPage);
const JoinPage = lazyPage(loadJoin);
const loadSessionLobby = once(
  async () => (await loadChunk(() => import('./routes/session-lobby'))).SessionLobbyPage,
);
const SessionLobbyPage = lazyPage(loadSessionLobby);
const SessionFollowUpPage = lazyInstructorPage(
  async () => (await loadChunk(() => import('./routes/session-admin'))).SessionFollowUpPage,
);
const SessionResponsesPage = lazyInstructorPage(
  async () => (await loadChunk(() => import('./routes/session-admin'))).SessionResponsesPage,
);
const SessionResultsPage = lazyInstructorPage(
  async () => (await loadChunk(() => import('./routes/session-admin'))).SessionResultsPage,
);
// The quote's words (`billing.*`) are an instructor's, who buys: they load with the instructors'.
const QuotePage = lazyInstructorPage(async () => (await loadChunk(() => import('./routes/quote'))).QuotePage);
// The top bar's help menu: instructors' alone (ui/layout.tsx), never in a player's first load.
const HelpMenu = lazyInstructorPage(
  async () => (await loadChunk(() => import('./features/help/help-menu'))).HelpMenu,
);
const OperatorPage = lazyInstructorPage(
  async () => (await loadChunk(() => import('./routes/operator'))).OperatorPage,
);
const UserPage = lazyInstructorPage(
  async () => (await loadChunk(() => import('./routes/user-page'))).UserPage,
);
const NotFoundPage = lazyPage(async () => (await loadChunk(() => import('./routes/not-found'))).NotFoundPage);

/**
 * A player's pages, whose code starts loading as the app starts when the address is theirs: the
 * app shows nothing until its words are loaded (i18n.tsx), and the page's code loads meanwhile.
 */
const FIRST_PAGES: Array<[string, () => Promise<unknown>]> = [
  [patterns.gamePlay, loadGamePlay],
  [patterns.gameIntro, loadGameIntro],
  [patterns.gameResults, loadGameResults],
  [patterns.join, loadJoin],
  [patterns.sessionLobby, loadSessionLobby],
];
for (const [pattern, load] of FIRST_PAGES)
  if (matchPath(pattern, window.location.pathname)) void load().catch(() => undefined);

function SessionRedirect() {
  const { sid = '' } = useParams();
  return <Navigate to={paths.session(sid, 'lobby')} replace />;
}

function GameRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={paths.game(id, 'intro')} replace />;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      {/* A team's join link, ?startTrial= and ?invitedby= on any page wait for their visitor to sign in (issue 27). */}
      <PendingActions />
      <Routes>
        <Route element={<Layout help={<HelpMenu />} />}>
          <Route path={patterns.home} element={<HomePage />} />
          <Route path={patterns.login} element={<LoginPage />} />
          <Route path={patterns.signup} element={<SignupPage />} />
          <Route path={patterns.authAction} element={<AuthActionPage />} />
          <Route path={patterns.setupAccount} element={<SetupAccountPage />} />
          <Route path={patterns.dashboard} element={<DashboardPage />} />
          <Route path={patterns.dashboardTab} element={<DashboardPage />} />
          <Route path={patterns.dashboardSubtab} element={<DashboardPage />} />
          <Route path={patterns.game} element={<GameRedirect />} />
          <Route path={patterns.gameIntro} element={<GameIntroPage />} />
          <Route path={patterns.gamePlay} element={<GamePlayPage />} />
          <Route path={patterns.gameResults} element={<GameResultsPage />} />
          <Route path={patterns.join} element={<JoinPage />} />
          <Route path={patterns.session} element={<SessionRedirect />} />
          <Route path={patterns.sessionLobby} element={<SessionLobbyPage />} />
          <Route path={patterns.sessionFollowUp} element={<SessionFollowUpPage />} />
          <Route path={patterns.sessionResponses} element={<SessionResponsesPage />} />
          <Route path={patterns.sessionResults} element={<SessionResultsPage />} />
          <Route path={patterns.quote} element={<QuotePage />} />
          <Route path={patterns.demo} element={<DemoPage />} />
          <Route path={patterns.leaderboard} element={<LeaderboardPage />} />
          <Route path={patterns.loading} element={<LoadingPage />} />
          <Route path={patterns.operator} element={<OperatorPage />} />
          <Route path={patterns.userPage} element={<UserPage />} />
          <Route path={patterns.notFound} element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
