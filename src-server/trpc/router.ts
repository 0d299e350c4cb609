import { accountRouter } from './routers/account';
import { beergameRouter } from './routers/beergame';
import { clockRouter } from './routers/clock';
import { dashboardRouter } from './routers/dashboard';
import { gameRouter } from './routers/game';
import { templateRouter } from './routers/template';
import { router } from './trpc';

export const appRouter = router({
  account: accountRouter,
  beergame: beergameRouter,
  clock: clockRouter,
  dashboard: dashboardRouter,
  game: gameRouter,
  template: templateRouter,
});

export type AppRouter = typeof appRouter;
