/**
 * Instructors' own game templates and session templates: an ordinary table (templates are records, not histories), read
 * and written here. A deleted template is only marked, and is then found by no query.
 */
import { randomBytes } from 'node:crypto';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface TemplatesTable {
  id: string;
  creator_id: string;
  /** `game`: a game's configuration; `session`: a session's setup (its rounds' configurations). */
  kind: ColumnType<TemplateKind, TemplateKind | undefined, never>;
  /** The game type its configuration is for (`beergame`). */
  type: string;
  title: string;
  description: string;
  /** The configuration input of its game type (a `BeerConfigInput`), as checked by its engine. */
  config: ColumnType<Record<string, unknown>, string, string>;
  created_at: ColumnType<Date, Date, never>;
  updated_at: ColumnType<Date, Date, Date>;
  deleted: Generated<boolean>;
}

export type TemplateKind = 'game' | 'session';

/** A template as the dashboard shows it. */
export interface OwnTemplate {
  id: string;
  type: string;
  title: string;
  description: string;
  config: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = ['id', 'type', 'title', 'description', 'config', 'created_at', 'updated_at'] as const;

function ownTemplateOf(row: {
  id: string;
  type: string;
  title: string;
  description: string;
  config: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}): OwnTemplate {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    config: row.config,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** An instructor's templates of a kind, newest first. */
export async function templatesByCreator(
  db: Kysely<Database>,
  creatorId: string,
  kind: TemplateKind = 'game',
): Promise<OwnTemplate[]> {
  const rows = await db
    .selectFrom('templates')
    .select(COLUMNS)
    .where('creator_id', '=', creatorId)
    .where('kind', '=', kind)
    .where('deleted', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(ownTemplateOf);
}

/** One of the instructor's templates of a kind; undefined when it is another's, deleted, unknown or of another kind. */
export async function ownTemplate(
  db: Kysely<Database>,
  creatorId: string,
  templateId: string,
  kind: TemplateKind = 'game',
): Promise<OwnTemplate | undefined> {
  const row = await db
    .selectFrom('templates')
    .select(COLUMNS)
    .where('id', '=', templateId)
    .where('creator_id', '=', creatorId)
    .where('kind', '=', kind)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row && ownTemplateOf(row);
}

/** A teammate's template as the team view shows it: with its creator (null name: none, or gone). */
export interface TeammateTemplate extends OwnTemplate {
  creatorId: string;
  creatorName: string | null;
}

/** The templates of a kind of an instructor's teammates (spec point 6), newest first. */
export async function templatesOfTeammates(
  db: Kysely<Database>,
  teammateIds: readonly string[],
  kind: TemplateKind = 'game',
): Promise<TeammateTemplate[]> {
  if (teammateIds.length === 0) return [];
  const rows = await db
    .selectFrom('templates as t')
    .leftJoin('user', 'user.id', 't.creator_id')
    .select(COLUMNS.map((column) => `t.${column}` as const))
    .select(['t.creator_id', 'user.name as creatorName'])
    .where('t.creator_id', 'in', teammateIds)
    .where('t.kind', '=', kind)
    .where('t.deleted', '=', false)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    ...ownTemplateOf(row),
    creatorId: row.creator_id,
    creatorName: row.creatorName?.trim() || null,
  }));
}

/**
 * A template of a kind the instructor may make a game, a session or a copy from: their own or a
 * teammate's (spec point 6); undefined for another's, a deleted, unknown or other kind's.
 */
export async function usableTemplate(
  db: Kysely<Database>,
  userId: string,
  templateId: string,
  kind: TemplateKind = 'game',
): Promise<OwnTemplate | undefined> {
  const row = await db
    .selectFrom('templates')
    .select(COLUMNS)
    .where('id', '=', templateId)
    .where((eb) =>
      eb.or([
        eb('creator_id', '=', userId),
        // A teammate's: its creator shares a team with the caller (read-models/teams.ts teammatesOf).
        eb(
          'creator_id',
          'in',
          eb
            .selectFrom('team_members as other')
            .innerJoin('team_members as mine', 'mine.team_id', 'other.team_id')
            .select('other.user_id')
            .where('mine.user_id', '=', userId),
        ),
      ]),
    )
    .where('kind', '=', kind)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row && ownTemplateOf(row);
}

export async function insertTemplate(
  db: Kysely<Database>,
  template: {
    creatorId: string;
    kind?: TemplateKind;
    type: string;
    title: string;
    description: string;
    config: Record<string, unknown>;
  },
  now: Date,
): Promise<string> {
  const id = randomBytes(9).toString('base64url');
  await db
    .insertInto('templates')
    .values({
      id,
      creator_id: template.creatorId,
      kind: template.kind ?? 'game',
      type: template.type,
      title: template.title,
      description: template.description,
      config: JSON.stringify(template.config),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Changes the given fields of the instructor's game template; false when it is not theirs to change. */
export async function updateTemplate(
  db: Kysely<Database>,
  creatorId: string,
  templateId: string,
  changes: { title?: string; description?: string; config?: Record<string, unknown> },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('templates')
    .set({
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.config === undefined ? {} : { config: JSON.stringify(changes.config) }),
      updated_at: now,
    })
    .where('id', '=', templateId)
    .where('creator_id', '=', creatorId)
    .where('kind', '=', 'game')
    .where('deleted', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the instructor's template of a kind deleted; false when it is not theirs to delete. */
export async function deleteTemplate(
  db: Kysely<Database>,
  creatorId: string,
  templateId: string,
  now: Date,
  kind: TemplateKind = 'game',
): Promise<boolean> {
  const result = await db
    .updateTable('templates')
    .set({ deleted: true, updated_at: now })
    .where('id', '=', templateId)
    .where('creator_id', '=', creatorId)
    .where('kind', '=', kind)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
