/** Procedure inputs of the session router, shared with the client's forms. */
import { z } from 'zod';
import { MESSAGE_MAX, TIMER_SECONDS } from '../beergame/constants';
import { LOCALES } from '../rules/locale';
import { TEMPLATE_DESCRIPTION_MAX, TEMPLATE_TITLE_MAX } from '../rules/template-naming';
import {
  AUDIO_PLAYERS,
  DEBRIEFING_MODES,
  INSTRUCTIONS_MODES,
  SESSION_LIMITS,
  TEAM_COMPOSITIONS,
} from '../session/constants';
import { commandIdInput, idInput, numberInput, textInput } from './inputs';

const sessionId = idInput;
const commandId = commandIdInput;

/** A session's setup as the editor sends it; each round's game configuration is checked by the server. */
export const sessionSetupInput = z.object({
  name: textInput({ min: 1, max: SESSION_LIMITS.name }),
  config: z.object({
    teamComposition: z.enum(TEAM_COMPOSITIONS),
    instructionsMode: z.enum(INSTRUCTIONS_MODES),
    debriefingMode: z.enum(DEBRIEFING_MODES),
    allowPlayerReset: z.boolean(),
    allowJoinRandom: z.boolean(),
    allowLanguagePicker: z.boolean(),
    allowAudioPlayer: z.array(z.enum(AUDIO_PLAYERS)).max(2),
  }),
  rounds: z
    .array(
      z.object({
        id: idInput,
        name: textInput({ min: 1, max: SESSION_LIMITS.roundName }),
        description: textInput({ min: 0, max: SESSION_LIMITS.description, multiline: true }),
        gameType: z.enum(['beergame', 'leangame']),
        config: z.record(z.string(), z.unknown()),
      }),
    )
    .min(SESSION_LIMITS.rounds.min, 'session.errRoundsCount')
    .max(SESSION_LIMITS.rounds.max, 'session.errRoundsCount'),
  teamCount: z
    .number({ message: 'session.errTeamCount' })
    .int('session.errTeamCount')
    .min(SESSION_LIMITS.teams.min, 'session.errTeamCount')
    .max(SESSION_LIMITS.teams.max, 'session.errTeamCount'),
  teamNames: z.array(textInput({ min: 0, max: SESSION_LIMITS.teamName })).max(SESSION_LIMITS.teams.max),
  localeLabels: z.object({
    team: textInput({ min: 0, max: SESSION_LIMITS.label }),
    round: textInput({ min: 0, max: SESSION_LIMITS.label }),
  }),
});
export type SessionSetupForm = z.infer<typeof sessionSetupInput>;

/** A new session from one of the 14 default session templates (names in `locale`), or from a setup. */
export const createSessionInput = z.object({
  name: textInput({ min: 1, max: SESSION_LIMITS.name }),
  template: idInput.optional(),
  setup: sessionSetupInput.optional(),
  teamCount: z
    .number({ message: 'session.errTeamCount' })
    .int('session.errTeamCount')
    .min(SESSION_LIMITS.teams.min, 'session.errTeamCount')
    .max(SESSION_LIMITS.teams.max, 'session.errTeamCount')
    .optional(),
  locale: z.enum(LOCALES).optional(),
  commandId,
});

export const sessionCommandInput = z.object({ sessionId, commandId });
export const editSessionInput = z.object({ sessionId, setup: sessionSetupInput, commandId });
export const roundLockInput = z.object({ sessionId, roundId: idInput, commandId });
export const duplicateSessionInput = z.object({
  sessionId,
  name: textInput({ min: 1, max: SESSION_LIMITS.name }).optional(),
  locale: z.enum(LOCALES).optional(),
  commandId,
});
export const deleteSessionInput = z.object({
  sessionId,
  /** The session's name typed again: deleting a class is not undone. */
  confirmName: z.string().max(SESSION_LIMITS.name * 2),
  commandId,
});

/** A player takes a seat: in a team (and a role), or at random where allowed. */
export const joinSessionInput = z.object({
  sessionId,
  teamNumber: z.number().int().min(1).max(SESSION_LIMITS.teams.max).optional(),
  facilityId: idInput.optional(),
  commandId,
});

/** What the follow-up page does to many teams' games of the current round at once. */
export const teamsActionInput = z.object({
  sessionId,
  gameIds: z.array(idInput).min(1).max(SESSION_LIMITS.teams.max),
  action: z.discriminatedUnion('type', [
    z.object({ type: z.literal('closeWeek') }),
    z.object({
      type: z.literal('startTimer'),
      seconds: numberInput(TIMER_SECONDS),
    }),
    z.object({ type: z.literal('stopTimer') }),
    z.object({ type: z.literal('message'), text: textInput({ min: 1, max: MESSAGE_MAX, multiline: true }) }),
    z.object({ type: z.literal('handFreeSeatsToComputer') }),
    /** Starts each game as the round's start does (a lean factory's clock, free seats to the computer). */
    z.object({ type: z.literal('start') }),
    /** Plays each game again from its start (spec `resetGame` / `resetLeanGame`, seats kept). */
    z.object({ type: z.literal('reset') }),
    /** Ends each game now: its players go to the results (spec `endGame`, for many teams at once). */
    z.object({ type: z.literal('endGame') }),
  ]),
  commandId,
});
export type TeamsAction = z.infer<typeof teamsActionInput>['action'];

/**
 * Games merged into a session template (spec point 2, "merge into a template"): each game, in the
 * order given, becomes a round with its settings; the template needs a name.
 */
export const mergeGamesInput = z.object({
  gameIds: z
    .array(idInput)
    .min(SESSION_LIMITS.rounds.min, 'session.errRoundsCount')
    .max(SESSION_LIMITS.rounds.max, 'session.errRoundsCount'),
  title: textInput({ min: 1, max: TEMPLATE_TITLE_MAX }),
  description: textInput({ min: 0, max: TEMPLATE_DESCRIPTION_MAX, multiline: true }).optional(),
  commandId,
});

export const sessionTemplateInput = z.object({ templateId: idInput, commandId });
