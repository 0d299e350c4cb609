import { type Kysely, sql } from 'kysely';

/**
 * What `/setup-account` asks at a first sign-in (spec point 3, user document): first and last name,
 * the kind of user (its absence sends a signed-in user to the set-up page) and the games they mean
 * to run. better-auth's additional fields of the user (src-server/auth/auth.ts); `favoriteGames` is
 * a list, kept by better-auth as JSON text. (`notifyPlanPurchase` comes with the plans, issue 27.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table "user"
      add column "firstname" text,
      add column "lastname" text,
      add column "profileType" text,
      add column "favoriteGames" text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table "user"
      drop column "firstname",
      drop column "lastname",
      drop column "profileType",
      drop column "favoriteGames"`.execute(db);
}
