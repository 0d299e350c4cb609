import { type Kysely, sql } from 'kysely';

/**
 * The instructor's profile (spec point 3, user document): the name they play under, the interface
 * language they chose, and how they heard of the product (spec point 9, attribution choices).
 * better-auth's additional fields of the user (src-server/auth/auth.ts), so its columns are named as
 * its own are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table "user"
      add column "playerName" text,
      add column "language" text,
      add column "attributionSource" text,
      add column "attributionOtherText" text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table "user"
      drop column "playerName",
      drop column "language",
      drop column "attributionSource",
      drop column "attributionOtherText"`.execute(db);
}
