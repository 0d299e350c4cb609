/**
 * A session's lean round (issue 26): the factory its teams play, the round's length and the
 * improvements players may choose, as the round's `config`; and the set-up each team's lean game
 * is created with. Pure: the server checks a session's rounds with it before any event, and
 * creates the round's games from it.
 */
import { z } from 'zod';
import { LEAN_CREATE_MINUTES, LEAN_IMPROVEMENTS } from '../leangame/constants';
import { leanConfigDebriefSchema } from '../leangame/debrief-config';
import { type LeanSetup, leanSetupSchema } from '../leangame/schemas';
import { getLeanScenario, LEAN_SCENARIOS } from '../leangame/templates';

/** The default length of a session's lean round, as the built-in factories set it. */
export const LEAN_ROUND_DEFAULT_MINUTES = 15;

export const leanRoundConfigSchema = z
  .object({
    /** A built-in factory (a lean scenario id): the round's floor, demand and improvements. */
    scenario: z.string().refine((id) => getLeanScenario(id) !== undefined, 'session.errLeanFactory'),
    /** The round's length in minutes; absent: the factory's, or the saved set-up's. */
    minutes: z
      .number({ error: 'session.errLeanMinutes' })
      .int('session.errLeanMinutes')
      .min(LEAN_CREATE_MINUTES.min, 'session.errLeanMinutes')
      .max(LEAN_CREATE_MINUTES.max, 'session.errLeanMinutes')
      .optional(),
    /** The improvements players may choose in the panel; absent: the factory's. */
    available: z
      .array(z.enum(LEAN_IMPROVEMENTS))
      .refine((list) => new Set(list).size === list.length, 'session.errLeanImprovements')
      .optional(),
    /** A whole set-up saved from a lean game (a template merged into a session), over the factory's. */
    setup: z.unknown().optional(),
    /** The debrief the instructor wrote for the round (spec `configDebrief`); absent: the set-up's. */
    configDebrief: leanConfigDebriefSchema.optional(),
  })
  // Other keys travel with the round as they are.
  .loose();
export type LeanRoundConfig = z.infer<typeof leanRoundConfigSchema>;

/** The built-in factories a round may play, for the round editor. */
export const LEAN_ROUND_FACTORIES = LEAN_SCENARIOS.map((s) => ({
  id: s.id,
  stations: s.stations,
  mode: s.mode,
}));

export type LeanRoundCheck =
  | { ok: true; scenarioId: string; setup: LeanSetup }
  | { ok: false; messageId: string };

/**
 * The set-up each team's game of a lean round starts from: the saved set-up when the round has
 * one, else the factory's for the round's length; then the round's own length and choice of
 * improvements over it. A config that names no factory, a length out of range or a set-up the
 * engine refuses gives the message to show instead.
 */
export function leanRoundSetup(config: unknown): LeanRoundCheck {
  const parsed = leanRoundConfigSchema.safeParse(config);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? '';
    return { ok: false, messageId: message.startsWith('session.') ? message : 'session.errLeanRound' };
  }
  const round = parsed.data;
  const scenario = getLeanScenario(round.scenario)!;
  let setup: LeanSetup;
  if (round.setup === undefined) setup = scenario.setupFor(round.minutes ?? LEAN_ROUND_DEFAULT_MINUTES);
  else {
    const saved = leanSetupSchema.safeParse(round.setup);
    if (!saved.success) return { ok: false, messageId: 'session.errLeanRound' };
    setup = saved.data;
    if (round.minutes !== undefined) {
      // The customers' orders follow the round's length, as the factory lays them out.
      const orders = scenario.setupFor(round.minutes).params;
      setup = {
        ...setup,
        params: {
          ...setup.params,
          consumerDemand: orders.consumerDemand,
          consumerDemandParams: { ...setup.params.consumerDemandParams, totalDuration: round.minutes },
        },
      };
    }
  }
  if (round.available !== undefined) {
    const available = [...round.available];
    setup = {
      ...setup,
      params: { ...setup.params, improvements: { ...setup.params.improvements, available } },
    };
  }
  if (round.configDebrief !== undefined)
    setup = { ...setup, params: { ...setup.params, configDebrief: round.configDebrief } };
  return { ok: true, scenarioId: scenario.id, setup };
}

/** A lean round's length in minutes, as its games will play it. */
export function leanRoundMinutes(config: unknown): number | null {
  const check = leanRoundSetup(config);
  return check.ok ? check.setup.params.consumerDemandParams.totalDuration : null;
}
