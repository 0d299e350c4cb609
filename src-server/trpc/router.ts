import { accountRouter } from './routers/account';
import { beergameRouter } from './routers/beergame';
import { billingRouter } from './routers/billing';
import { clockRouter } from './routers/clock';
import { dashboardRouter } from './routers/dashboard';
import { demoRouter } from './routers/demo';
import { feedbackRouter } from './routers/feedback';
import { gameRouter } from './routers/game';
import { joinRouter } from './routers/join';
import { leaderboardRouter } from './routers/leaderboard';
import { leangameRouter } from './routers/leangame';
import { portalRouter } from './routers/portal';
import { sessionRouter } from './routers/session';
import { teamRouter } from './routers/team';
import { telemetryRouter } from './routers/telemetry';
import { templateRouter } from './routers/template';
import { router } from './trpc';

export const appRouter = router({
  account: accountRouter,
  beergame: beergameRouter,
  billing: billingRouter,
  clock: clockRouter,
  dashboard: dashboardRouter,
  feedback: feedbackRouter,
  demo: demoRouter,
  game: gameRouter,
  join: joinRouter,
  leaderboard: leaderboardRouter,
  leangame: leangameRouter,
  portal: portalRouter,
  session: sessionRouter,
  team: teamRouter,
  telemetry: telemetryRouter,
  template: templateRouter,
});

export type AppRouter = typeof appRouter;
