import { accountRouter } from './routers/account';
import { dashboardRouter } from './routers/dashboard';
import { gameRouter } from './routers/game';
import { router } from './trpc';

export const appRouter = router({
  account: accountRouter,
  dashboard: dashboardRouter,
  game: gameRouter,
});

export type AppRouter = typeof appRouter;
