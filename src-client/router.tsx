import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useParams } from 'react-router';
import { paths, patterns } from './paths';
import { Layout } from './ui/layout';
import { PageLoader } from './ui/page-loader';

/**
 * A page whose code is loaded when it is first visited, so that a player's browser never loads the
 * dashboard's. While the first page of a visit loads, the layout shows a loader in its place; later
 * navigations keep the current page until the next one is ready.
 */
const lazyPage = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
  HydrateFallback: PageLoader,
});

function GameRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={paths.game(id, 'intro')} replace />;
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      lazyPage(patterns.home, async () => (await import('./routes/home')).HomePage),
      lazyPage(patterns.login, async () => (await import('./routes/auth')).LoginPage),
      lazyPage(patterns.signup, async () => (await import('./routes/auth')).SignupPage),
      { path: patterns.dashboard, element: <Navigate to={paths.dashboard()} replace /> },
      lazyPage(patterns.dashboardTab, async () => (await import('./routes/dashboard')).DashboardPage),
      { path: patterns.game, element: <GameRedirect /> },
      lazyPage(patterns.gameIntro, async () => (await import('./routes/game-intro')).GameIntroPage),
      lazyPage(patterns.gamePlay, async () => (await import('./routes/game-play')).GamePlayPage),
      lazyPage(patterns.gameResults, async () => (await import('./routes/game-results')).GameResultsPage),
      lazyPage(patterns.join, async () => (await import('./routes/join')).JoinPage),
      lazyPage(patterns.notFound, async () => (await import('./routes/not-found')).NotFoundPage),
    ],
  },
]);
