/**
 * A lean game kept as a template (spec point 2, "save as template" and "merge into a template"):
 * the factory it was made from and its set-up as a copy would start from it. The same shape is an
 * instructor's own lean template and a session's lean round (`{ scenario, setup }`), so a game
 * saved as one can be played as the other; a new game is made from it with the round's length the
 * instructor chooses.
 */
import { z } from 'zod';
import { leanCopySetup } from './copy';
import { type LeanSetup, leanSetupSchema } from './schemas';
import type { LeanState } from './state';
import { getLeanScenario, LEAN_SCENARIOS } from './templates';

/** What a lean template keeps: the built-in factory it comes from, and the set-up to play. */
export const leanTemplateConfigSchema = z.object({
  scenario: z.string().refine((id) => getLeanScenario(id) !== undefined, {
    message: 'unknown built-in factory',
  }),
  setup: leanSetupSchema,
});
export type LeanTemplateConfig = z.infer<typeof leanTemplateConfigSchema>;

/**
 * The built-in factory a game comes from: the one it records, else (a set-up of its own) the
 * first whose facilities are the same, in the same order, else the workshop.
 */
export function leanScenarioOf(state: Pick<LeanState, 'scenarioId' | 'setup'>): string {
  if (state.scenarioId !== null && getLeanScenario(state.scenarioId)) return state.scenarioId;
  const ids = (setup: LeanSetup) => setup.facilities.map((f) => f.id).join();
  const same = state.setup && LEAN_SCENARIOS.find((s) => ids(s.setup) === ids(state.setup!));
  return (same ?? LEAN_SCENARIOS[0]!).id;
}

/** The template of the game in `state`: its factory and its set-up as a copy of it would start. */
export function leanTemplateConfig(state: LeanState): LeanTemplateConfig {
  return { scenario: leanScenarioOf(state), setup: leanCopySetup(state) };
}

/** A stored lean template read back, or the message id of what is wrong with it. */
export function readLeanTemplateConfig(
  config: unknown,
): { ok: true; config: LeanTemplateConfig } | { ok: false; reason: string } {
  const parsed = leanTemplateConfigSchema.safeParse(config);
  if (parsed.success) return { ok: true, config: parsed.data };
  return { ok: false, reason: parsed.error.issues[0]?.message ?? 'invalid' };
}

/** A template's round length in minutes. */
export const leanTemplateMinutes = (config: LeanTemplateConfig): number =>
  config.setup.params.consumerDemandParams.totalDuration;

/**
 * The template's set-up for a round of `minutes` (its own length when absent or the same): the
 * customers' orders follow the length as `SetRoundLength` makes them, from the factory's pattern
 * (every improvement, layout and setting of the template kept); a set-up whose products are not
 * the factory's keeps its own orders placed before the new end.
 */
export function leanTemplateSetup(config: LeanTemplateConfig, minutes?: number): LeanSetup {
  const { setup } = config;
  if (minutes === undefined || minutes === leanTemplateMinutes(config)) return setup;
  const withOrders = (consumerDemand: unknown[]) =>
    leanSetupSchema.safeParse({
      ...setup,
      params: {
        ...setup.params,
        consumerDemand,
        consumerDemandParams: { ...setup.params.consumerDemandParams, totalDuration: minutes },
      },
    });
  const pattern = withOrders(getLeanScenario(config.scenario)!.baselineFor(minutes).params.consumerDemand);
  if (pattern.success) return pattern.data;
  return withOrders(setup.params.consumerDemand.filter((d) => d.created_min < minutes)).data!;
}
