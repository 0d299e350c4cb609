/**
 * A session's events on `session-<id>` streams, one zod schema per type (the codebook's source, as
 * the games' events are). Type names are unique among all streams' events.
 */
import { z } from 'zod';
import { sessionSetupSchema } from './schemas';

const at = z.number().meta({ description: 'the server time', unit: 'epoch milliseconds' });
const roundNumber = z.number().int().meta({ description: 'the round, from 1', unit: 'round' });
const roundId = z.string().meta({ description: 'the round', unit: 'round id' });

export const sessionEventSchemas = {
  SessionCreated: z
    .object({
      sessionId: z.string().meta({ description: 'the session', unit: 'session id' }),
      creatorId: z.string().meta({ description: 'the instructor', unit: 'user id', personal: 'user' }),
      template: z.string().nullable().meta({
        description: 'the session template it was made from; null: from scratch or a duplicate',
        unit: 'template id',
      }),
      duplicateOf: z
        .string()
        .nullable()
        .meta({ description: 'the session it duplicates; null: a new one', unit: 'session id' }),
      setup: sessionSetupSchema.meta({
        description: 'name, rounds and their game configurations, teams, labels and config (spec point 3)',
        unit: 'setup',
      }),
      published: z.boolean().meta({ description: 'visible to players from the start', unit: 'true/false' }),
      at,
    })
    .describe('An instructor created a session.'),
  SessionEdited: z
    .object({
      setup: sessionSetupSchema.meta({ description: 'the new setup, replacing the last one', unit: 'setup' }),
      at,
    })
    .describe('The instructor changed the setup.'),
  SessionPublished: z.object({ at }).describe('The session is visible to players.'),
  SessionUnpublished: z.object({ at }).describe('The session is visible to its admins only.'),
  SessionCodeGenerated: z
    .object({ code: z.string().meta({ description: 'the code players type to join', unit: 'code' }) })
    .describe('The session got its short join code.'),
  RoundOpened: z
    .object({
      roundNumber,
      gameIds: z.array(z.string()).meta({ description: "the round's games, team 1 first", unit: 'game ids' }),
      at,
    })
    .describe('A round got one game per team; players move to it.'),
  RoundStarted: z
    .object({ roundNumber, at })
    .describe("The instructor started the round: its games' empty seats went to the computer."),
  RoundLocked: z.object({ roundId }).describe('The round cannot be entered from the round list.'),
  RoundUnlocked: z.object({ roundId }).describe('The round can be entered again.'),
  SessionDeleted: z.object({ at }).describe('The instructor deleted the session.'),
} as const;

type Schemas = typeof sessionEventSchemas;
export type SessionEventType = keyof Schemas;
export type SessionEvent = {
  [T in SessionEventType]: { type: T; data: z.infer<Schemas[T]> };
}[SessionEventType];
export type SessionEventOf<T extends SessionEventType> = Extract<SessionEvent, { type: T }>;
