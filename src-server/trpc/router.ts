import { accountRouter } from './routers/account';
import { beergameRouter } from './routers/beergame';
import { clockRouter } from './routers/clock';
import { dashboardRouter } from './routers/dashboard';
import { gameRouter } from './routers/game';
import { joinRouter } from './routers/join';
import { leangameRouter } from './routers/leangame';
import { sessionRouter } from './routers/session';
import { templateRouter } from './routers/template';
import { router } from './trpc';

export const appRouter = router({
  account: accountRouter,
  beergame: beergameRouter,
  clock: clockRouter,
  dashboard: dashboardRouter,
  game: gameRouter,
  join: joinRouter,
  leangame: leangameRouter,
  session: sessionRouter,
  template: templateRouter,
});

export type AppRouter = typeof appRouter;
