/**
 * The public instructor page (issue 28, spec points 2 and 3): an instructor reads and writes their
 * own page only (the caller's id names it: no input can reach another's); `page` is anyone's view
 * of a page by its address. The logo comes over HTTP (portal/upload-route.ts).
 */
import { pageAddressInput, publishInput, savePageInput } from '../../../src-shared/api/public-page';
import { couldNamePage } from '../../../src-shared/rules/public-page';
import { myPage, publicPage, publishItems, savePage } from '../../portal/workspaces';
import { instructorProcedure, publicProcedure } from '../procedures';
import { appError, router } from '../trpc';
import { portalLookProcedures } from './portal-look';

export const portalRouter = router({
  // The portal's look and claim (portal-look.ts).
  ...portalLookProcedures,
  /** The caller's page settings, with the sessions and games they may publish. */
  myPage: instructorProcedure.query(({ ctx }) =>
    myPage(ctx.services.database.db, ctx.user.id, new Date(ctx.services.now())),
  ),
  /** The caller's page look and address; a slug another page holds is refused. */
  savePage: instructorProcedure
    .input(savePageInput)
    .mutation(({ ctx, input }) =>
      savePage(ctx.services.database.db, ctx.user.id, input, new Date(ctx.services.now())),
    ),
  /** The sessions and games the caller's page shows, in order: only their own. */
  publish: instructorProcedure
    .input(publishInput)
    .mutation(({ ctx, input }) =>
      publishItems(ctx.services.database.db, ctx.user.id, input.items, new Date(ctx.services.now())),
    ),
  /** A page as anyone sees it, by its owner's id, its workspace's id or its slug. */
  page: publicProcedure.input(pageAddressInput).query(async ({ ctx, input }) => {
    const page = couldNamePage(input.address)
      ? await publicPage(ctx.services.database.db, input.address)
      : null;
    if (!page) throw appError('NOT_FOUND', 'dashboard.messUserPageUnknown');
    return page;
  }),
});
