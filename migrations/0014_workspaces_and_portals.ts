import { type Kysely, sql } from 'kysely';

/**
 * Public instructor pages and white-label portals (issue 28; spec point 3: "Public profile: logoUrl,
 * filename, useThumbnail, language, activePage, bckColor, mainColor, appTitle, slug"; "Look and
 * workspace: custoLook (textColor, bckColor, mainColor), portalLook (heroTitle), currentWorkspace
 * (id, pageName, activePage)"). These are records, not histories: an instructor's look changes
 * nothing in any game. `workspaces` is one per instructor (the public profile and its look);
 * `workspace_items` the sessions and games they publish on the page, in order; `portals` a
 * sub-domain claimed once, showing its workspace's look under the portal's hero title.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workspaces (
      id text primary key,
      owner_id text not null unique,
      slug text unique,
      app_title text,
      main_color text,
      bck_color text,
      text_color text,
      language text,
      logo_key text,
      logo_thumb_key text,
      logo_filename text,
      use_thumbnail boolean not null default false,
      active_page boolean not null default true,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table workspace_items (
      workspace_id text not null references workspaces (id) on delete cascade,
      kind text not null,
      item_id text not null,
      position integer not null,
      primary key (workspace_id, kind, item_id)
    )`.execute(db);
  await sql`
    create table portals (
      name text primary key,
      workspace_id text not null unique references workspaces (id) on delete cascade,
      hero_title text not null,
      created_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table portals`.execute(db);
  await sql`drop table workspace_items`.execute(db);
  await sql`drop table workspaces`.execute(db);
}
