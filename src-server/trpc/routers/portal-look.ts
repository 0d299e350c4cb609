/**
 * The white-label portal (issue 28, item 3; docs/portal.md): the look a portal's host shows, and an
 * instructor's claim of a sub-domain name for their workspace's look under a hero title of their
 * own. A name is claimed once, by one workspace; its owner may change the hero title or release it.
 * These procedures join the `portal` router (router.ts).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  heroTitleRefusal,
  normalizeHeroTitle,
  normalizePortalName,
  portalNameRefusal,
} from '../../../src-shared/rules/portal';
import type { Context } from '../context';
import { instructorProcedure, publicProcedure, verifiedInstructorProcedure } from '../procedures';
import { appError } from '../trpc';

/** A typed title: checked after it is normalized (a longer one is refused with its message, not zod's). */
const heroTitleInput = z.string().max(1000);

function checkedHeroTitle(text: string): string {
  const title = normalizeHeroTitle(text);
  const refusal = heroTitleRefusal(title);
  if (refusal) throw appError('BAD_REQUEST', refusal);
  return title;
}

/** The caller's own portal: its name and hero title; null when they hold none. */
async function ownPortal(ctx: Context & { user: { id: string } }) {
  return (
    (await ctx.services.database.db
      .selectFrom('portals')
      .innerJoin('workspaces', 'workspaces.id', 'portals.workspace_id')
      .select(['portals.name', 'portals.hero_title as heroTitle'])
      .where('workspaces.owner_id', '=', ctx.user.id)
      .executeTakeFirst()) ?? null
  );
}

/** The caller's workspace's id, the workspace made (empty, its page shown) when they have none yet. */
async function ownWorkspaceId(ctx: Context & { user: { id: string } }): Promise<string> {
  const db = ctx.services.database.db;
  await db
    .insertInto('workspaces')
    .values({ id: randomUUID(), owner_id: ctx.user.id, updated_at: new Date(ctx.services.now()) })
    .onConflict((conflict) => conflict.column('owner_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('workspaces')
    .select('id')
    .where('owner_id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
  return row.id;
}

export const portalLookProcedures = {
  /**
   * The look of the portal the request's host names (spec point 3: custoLook and portalLook):
   * null on the product's own hosts and on a name nobody claimed (the product's normal look).
   */
  look: publicProcedure.query(({ ctx }) => ctx.services.portals.lookFor(ctx.host)),

  /** The caller's portal, for the settings: its name and hero title, or null. */
  myPortal: instructorProcedure.query(({ ctx }) => ownPortal(ctx)),

  /**
   * Claims `name` for the caller's workspace: a verified instructor, one portal each; a name
   * claimed already, by anyone, is refused.
   */
  claimPortal: verifiedInstructorProcedure
    .input(z.object({ name: z.string().max(200), heroTitle: heroTitleInput }))
    .mutation(async ({ ctx, input }) => {
      const name = normalizePortalName(input.name);
      const refusal = portalNameRefusal(name);
      if (refusal) throw appError('BAD_REQUEST', refusal);
      const heroTitle = checkedHeroTitle(input.heroTitle);
      if (await ownPortal(ctx)) throw appError('BAD_REQUEST', 'settings.errPortalHeld');
      const workspaceId = await ownWorkspaceId(ctx);
      // Either unique key (the name, the workspace) already taken: nothing is written.
      const claimed = await ctx.services.database.db
        .insertInto('portals')
        .values({
          name,
          workspace_id: workspaceId,
          hero_title: heroTitle,
          created_at: new Date(ctx.services.now()),
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('name')
        .executeTakeFirst();
      if (!claimed)
        throw appError(
          'BAD_REQUEST',
          (await ownPortal(ctx)) ? 'settings.errPortalHeld' : 'settings.errPortalTaken',
        );
      ctx.services.portals.forget(name);
      return { name, heroTitle };
    }),

  /** A new hero title for the caller's portal. */
  setHeroTitle: instructorProcedure
    .input(z.object({ heroTitle: heroTitleInput }))
    .mutation(async ({ ctx, input }) => {
      const heroTitle = checkedHeroTitle(input.heroTitle);
      const updated = await ctx.services.database.db
        .updateTable('portals')
        .set({ hero_title: heroTitle })
        .where('workspace_id', '=', sql<string>`(select id from workspaces where owner_id = ${ctx.user.id})`)
        .returning('name')
        .executeTakeFirst();
      if (!updated) throw appError('BAD_REQUEST', 'settings.errPortalNone');
      ctx.services.portals.forget(updated.name);
      return { name: updated.name, heroTitle };
    }),

  /** Gives the caller's portal name up: its host shows the product's normal look again. */
  releasePortal: instructorProcedure.mutation(async ({ ctx }) => {
    const released = await ctx.services.database.db
      .deleteFrom('portals')
      .where('workspace_id', '=', sql<string>`(select id from workspaces where owner_id = ${ctx.user.id})`)
      .returning('name')
      .executeTakeFirst();
    if (!released) throw appError('BAD_REQUEST', 'settings.errPortalNone');
    ctx.services.portals.forget(released.name);
    return { name: released.name };
  }),
};
