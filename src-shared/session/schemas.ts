/**
 * The shapes of a session (spec point 3, "Session" and "Session template config") and the
 * commands of its decider, as zod schemas: the server checks every command against them.
 */
import { z } from 'zod';
import {
  AUDIO_PLAYERS,
  DEBRIEFING_MODES,
  INSTRUCTIONS_MODES,
  SESSION_LIMITS,
  TEAM_COMPOSITIONS,
} from './constants';

const id = z.string().min(1).max(64);

/** The session template config of spec point 3, with its defaults. */
export const sessionConfigSchema = z.object({
  teamComposition: z.enum(TEAM_COMPOSITIONS).default('maintainall'),
  instructionsMode: z.enum(INSTRUCTIONS_MODES).default('hostvideo-playerslides'),
  debriefingMode: z.enum(DEBRIEFING_MODES).default('access'),
  allowPlayerReset: z.boolean().default(false),
  allowJoinRandom: z.boolean().default(true),
  allowLanguagePicker: z.boolean().default(true),
  allowAudioPlayer: z.array(z.enum(AUDIO_PLAYERS)).max(2).default(['instructor']),
});
export type SessionConfig = z.infer<typeof sessionConfigSchema>;
export type SessionConfigInput = z.input<typeof sessionConfigSchema>;

/** A round: a name, a description and the configuration of the games its teams play. */
export const roundSchema = z.object({
  id,
  name: z.string().trim().min(1).max(SESSION_LIMITS.roundName),
  description: z.string().max(SESSION_LIMITS.description).default(''),
  gameType: z.enum(['beergame', 'leangame']),
  /** The game configuration (a beer game's `BeerConfigInput`), checked by the server. */
  config: z.record(z.string(), z.unknown()),
});
export type Round = z.infer<typeof roundSchema>;
export type RoundInput = z.input<typeof roundSchema>;

/** The words a class uses for "team" and "round" (spec `localeLabels`); empty: the translated default. */
export const localeLabelsSchema = z.object({
  team: z.string().max(SESSION_LIMITS.label).default(''),
  round: z.string().max(SESSION_LIMITS.label).default(''),
});
export type LocaleLabels = z.infer<typeof localeLabelsSchema>;

const rounds = z.array(roundSchema).min(SESSION_LIMITS.rounds.min).max(SESSION_LIMITS.rounds.max);
const teamCount = z.number().int().min(SESSION_LIMITS.teams.min).max(SESSION_LIMITS.teams.max);
/** Names given to teams by number (index 0 is team 1); an empty or missing name: "Team n". */
const teamNames = z.array(z.string().max(SESSION_LIMITS.teamName)).max(SESSION_LIMITS.teams.max);
const name = z.string().trim().min(1).max(SESSION_LIMITS.name);

/** Everything an instructor sets up about a session (creation, edition). */
export const sessionSetupSchema = z.object({
  name,
  config: sessionConfigSchema.prefault({}),
  rounds,
  teamCount,
  teamNames: teamNames.default([]),
  localeLabels: localeLabelsSchema.prefault({}),
});
export type SessionSetup = z.infer<typeof sessionSetupSchema>;
export type SessionSetupInput = z.input<typeof sessionSetupSchema>;

/** The commands of the session decider. */
export const sessionCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CreateSession'),
    sessionId: id,
    creatorId: id,
    /** The session template it was made from; null: from scratch. */
    template: z.string().max(64).nullable(),
    setup: sessionSetupSchema,
    /** A duplicate (spec point 4) is published at once, with no code, games or players. */
    duplicateOf: id.nullable().default(null),
  }),
  /** New settings: rounds and teams only while no round has games. */
  z.object({ type: z.literal('EditSession'), setup: sessionSetupSchema }),
  z.object({ type: z.literal('PublishSession') }),
  z.object({ type: z.literal('UnpublishSession') }),
  /** The short code players type (spec `generateSessionCode`), drawn by the server. */
  z.object({ type: z.literal('GenerateCode'), code: z.string().length(6) }),
  /** The next round gets its games, one per team (ids drawn by the server). */
  z.object({ type: z.literal('OpenRound'), roundNumber: z.number().int().min(1), gameIds: z.array(id) }),
  /** The open round starts: empty seats go to the computer. */
  z.object({ type: z.literal('StartRound'), roundNumber: z.number().int().min(1) }),
  z.object({ type: z.literal('LockRound'), roundId: id }),
  z.object({ type: z.literal('UnlockRound'), roundId: id }),
  z.object({ type: z.literal('DeleteSession') }),
]);
export type SessionCommand = z.infer<typeof sessionCommandSchema>;
export type SessionCommandInput = z.input<typeof sessionCommandSchema>;
