import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { AuthPage } from './routes/auth';
import { DashboardPage } from './routes/dashboard';
import { GameIntroPage } from './routes/game-intro';
import { GamePlayPage } from './routes/game-play';
import { GameResultsPage } from './routes/game-results';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';
import { Layout } from './ui/layout';

function GameRedirect() {
  const { id } = useParams();
  return <Navigate to={`/game/${id}/intro`} replace />;
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <AuthPage mode="login" /> },
      { path: '/signup', element: <AuthPage mode="signup" /> },
      { path: '/dashboard', element: <Navigate to="/dashboard/intro" replace /> },
      { path: '/dashboard/:tab', element: <DashboardPage /> },
      { path: '/game/:id', element: <GameRedirect /> },
      { path: '/game/:id/intro', element: <GameIntroPage /> },
      { path: '/game/:id/play', element: <GamePlayPage /> },
      { path: '/game/:id/results', element: <GameResultsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
