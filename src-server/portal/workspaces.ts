/**
 * An instructor's workspace (their public page, issue 28): read and written here, one per
 * instructor, created on its first save; and the page as a visitor sees it.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { PageItemKind, SavePageInput } from '../../src-shared/api/public-page';
import { isLocale, type Locale } from '../../src-shared/rules/locale';
import type { Database } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';
import { appError } from '../trpc/trpc';
import type { WorkspacesTable } from './tables';

type Workspace = Selectable<WorkspacesTable>;

type Db = Kysely<Database>;

/** Where a stored file is served (storage/files-route.ts). */
export const fileUrl = (key: string | null): string | null => (key ? `/files/${key}` : null);

export interface PageItem {
  kind: PageItemKind;
  id: string;
  name: string;
  /** A game's type (`beergame`, `leangame`); null for a session. */
  gameType: string | null;
}

/** A workspace's look, as the settings and the page show it. */
export interface PageLook {
  workspaceId: string;
  ownerId: string;
  slug: string | null;
  appTitle: string | null;
  mainColor: string | null;
  bckColor: string | null;
  language: Locale | null;
  logoUrl: string | null;
  thumbnailUrl: string | null;
  logoFilename: string | null;
  useThumbnail: boolean;
  activePage: boolean;
}

function lookOf(row: Workspace): PageLook {
  return {
    workspaceId: row.id,
    ownerId: row.owner_id,
    slug: row.slug,
    appTitle: row.app_title,
    mainColor: row.main_color,
    bckColor: row.bck_color,
    language: isLocale(row.language) ? row.language : null,
    logoUrl: fileUrl(row.logo_key),
    thumbnailUrl: fileUrl(row.logo_thumb_key),
    logoFilename: row.logo_filename,
    useThumbnail: row.use_thumbnail,
    activePage: row.active_page,
  };
}

export async function workspaceOf(db: Db, ownerId: string): Promise<Workspace | undefined> {
  return db.selectFrom('workspaces').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
}

/** The instructor's workspace, made (empty, active) the first time it is needed. */
export async function ensureWorkspace(db: Db, ownerId: string, now: Date): Promise<Workspace> {
  await db
    .insertInto('workspaces')
    .values({ id: randomUUID(), owner_id: ownerId, updated_at: now })
    .onConflict((oc) => oc.column('owner_id').doNothing())
    .execute();
  return (await workspaceOf(db, ownerId))!;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Saves the page's look and address; a slug another page has is refused, nothing changed. */
export async function savePage(db: Db, ownerId: string, input: SavePageInput, now: Date): Promise<PageLook> {
  const workspace = await ensureWorkspace(db, ownerId, now);
  if (input.slug) {
    const holder = await db
      .selectFrom('workspaces')
      .select('id')
      .where('slug', '=', input.slug)
      .where('id', '!=', workspace.id)
      .executeTakeFirst();
    if (holder) throw appError('BAD_REQUEST', 'settings.pageSlugTaken');
  }
  try {
    const row = await db
      .updateTable('workspaces')
      .set({
        app_title: input.appTitle || null,
        language: input.language,
        main_color: input.mainColor,
        bck_color: input.bckColor,
        use_thumbnail: input.useThumbnail,
        active_page: input.activePage,
        slug: input.slug,
        updated_at: now,
      })
      .where('id', '=', workspace.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return lookOf(row);
  } catch (error) {
    // Two instructors claiming one slug at once: the unique index decides.
    if (isUniqueViolation(error)) throw appError('BAD_REQUEST', 'settings.pageSlugTaken');
    throw error;
  }
}

/** Replaces the page's logo with stored files, and deletes the previous ones. */
export async function replaceLogo(
  db: Db,
  storage: FileStorage,
  ownerId: string,
  logo: { key: string; thumbnailKey: string; filename: string },
  now: Date,
): Promise<PageLook> {
  const before = await ensureWorkspace(db, ownerId, now);
  const row = await db
    .updateTable('workspaces')
    .set({
      logo_key: logo.key,
      logo_thumb_key: logo.thumbnailKey,
      logo_filename: logo.filename,
      updated_at: now,
    })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const old = new Set([before.logo_key, before.logo_thumb_key].filter((key): key is string => !!key));
  for (const key of old) if (key !== logo.key && key !== logo.thumbnailKey) await storage.delete(key);
  return lookOf(row);
}

/** The sessions and games an instructor may show on their page: their own, still there. */
export async function publishableItems(db: Db, ownerId: string): Promise<PageItem[]> {
  const [sessions, games] = await Promise.all([
    db
      .selectFrom('sessions')
      .select(['id', 'name'])
      .where('creator_id', '=', ownerId)
      .where('deleted', '=', false)
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('games')
      .select(['id', 'name', 'type'])
      .where('creator_id', '=', ownerId)
      .where('deleted', '=', false)
      .where('archived', '=', false)
      .where('draft', '=', false)
      .where('session_id', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute(),
  ]);
  return [
    ...sessions.map((s) => ({ kind: 'session' as const, id: s.id, name: s.name, gameType: null })),
    ...games.map((g) => ({ kind: 'game' as const, id: g.id, name: g.name, gameType: g.type })),
  ];
}

/** The items a workspace publishes, in order, that its owner may still show. */
export async function publishedItems(db: Db, workspace: Workspace, publicOnly: boolean): Promise<PageItem[]> {
  const chosen = await db
    .selectFrom('workspace_items')
    .select(['kind', 'item_id'])
    .where('workspace_id', '=', workspace.id)
    .orderBy('position')
    .execute();
  if (chosen.length === 0) return [];
  const available = new Map(
    (await publishableItems(db, workspace.owner_id)).map((item) => [`${item.kind}:${item.id}`, item]),
  );
  const published = publicOnly ? await publishedSessionIds(db, chosen) : null;
  return chosen
    .map((c) => available.get(`${c.kind}:${c.item_id}`))
    .filter(
      (item): item is PageItem => !!item && (item.kind === 'game' || !published || published.has(item.id)),
    );
}

/** Of the chosen sessions, those their players may open (a session's lobby refuses an unpublished one). */
async function publishedSessionIds(
  db: Db,
  chosen: { kind: string; item_id: string }[],
): Promise<Set<string>> {
  const ids = chosen.filter((c) => c.kind === 'session').map((c) => c.item_id);
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', ids)
    .where('published', '=', true)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Sets the sessions and games the page shows, in order: each must be the instructor's own. */
export async function publishItems(
  db: Db,
  ownerId: string,
  items: { kind: PageItemKind; id: string }[],
  now: Date,
): Promise<PageItem[]> {
  const workspace = await ensureWorkspace(db, ownerId, now);
  const available = new Map(
    (await publishableItems(db, ownerId)).map((item) => [`${item.kind}:${item.id}`, item]),
  );
  const keys = [...new Set(items.map((item) => `${item.kind}:${item.id}`))];
  if (keys.some((key) => !available.has(key))) throw appError('BAD_REQUEST', 'settings.pagePublishNotYours');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('workspace_items').where('workspace_id', '=', workspace.id).execute();
    if (keys.length > 0)
      await trx
        .insertInto('workspace_items')
        .values(
          keys.map((key, position) => {
            const item = available.get(key)!;
            return { workspace_id: workspace.id, kind: item.kind, item_id: item.id, position };
          }),
        )
        .execute();
    await trx.updateTable('workspaces').set({ updated_at: now }).where('id', '=', workspace.id).execute();
  });
  return keys.map((key) => available.get(key)!);
}

/** The instructor's page settings, with what they may publish and what they do. */
export async function myPage(db: Db, ownerId: string, now: Date) {
  const workspace = await ensureWorkspace(db, ownerId, now);
  const [published, publishable] = await Promise.all([
    publishedItems(db, workspace, false),
    publishableItems(db, ownerId),
  ]);
  return { ...lookOf(workspace), published, publishable };
}

/**
 * The page at an address (its owner's id, its workspace's id, or its slug), as anyone sees it:
 * null when there is no such workspace or its page is switched off (spec point 2).
 */
export async function publicPage(db: Db, address: string) {
  const byId = await db
    .selectFrom('workspaces')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', address), eb('owner_id', '=', address)]))
    .executeTakeFirst();
  const workspace =
    byId ?? (await db.selectFrom('workspaces').selectAll().where('slug', '=', address).executeTakeFirst());
  if (!workspace || workspace.active_page === false) return null;
  const look = lookOf(workspace);
  return {
    workspaceId: look.workspaceId,
    slug: look.slug,
    appTitle: look.appTitle,
    mainColor: look.mainColor,
    bckColor: look.bckColor,
    language: look.language,
    logoUrl: workspace.use_thumbnail ? (look.thumbnailUrl ?? look.logoUrl) : look.logoUrl,
    items: await publishedItems(db, workspace, true),
  };
}
