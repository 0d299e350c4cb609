import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { paths, patterns } from './paths';
import { LoginPage, SignupPage } from './routes/auth';
import { DashboardPage } from './routes/dashboard';
import { GameIntroPage } from './routes/game-intro';
import { GamePlayPage } from './routes/game-play';
import { GameResultsPage } from './routes/game-results';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';
import { Layout } from './ui/layout';

function GameRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={paths.game(id, 'intro')} replace />;
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: patterns.home, element: <HomePage /> },
      { path: patterns.login, element: <LoginPage /> },
      { path: patterns.signup, element: <SignupPage /> },
      { path: patterns.dashboard, element: <Navigate to={paths.dashboard()} replace /> },
      { path: patterns.dashboardTab, element: <DashboardPage /> },
      { path: patterns.game, element: <GameRedirect /> },
      { path: patterns.gameIntro, element: <GameIntroPage /> },
      { path: patterns.gamePlay, element: <GamePlayPage /> },
      { path: patterns.gameResults, element: <GameResultsPage /> },
      { path: patterns.notFound, element: <NotFoundPage /> },
    ],
  },
]);
