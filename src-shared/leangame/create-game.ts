/** decide for `CreateLeanGame`: a built-in factory's set-up or one of its own, checked by the lean schemas. */
import type { CommandContext } from '../eventsourcing/decider';
import { LEANGAME_RULES_VERSION } from './constants';
import type { LeanEvent } from './events';
import { fail } from './guards';
import { type LeanCommand, type LeanSetup, leanSetupSchema } from './schemas';
import type { LeanState } from './state';
import { getLeanScenario } from './templates';

export function createGame(
  command: Extract<LeanCommand, { type: 'CreateLeanGame' }>,
  state: LeanState,
  ctx: CommandContext,
): LeanEvent[] {
  if (state.exists) fail('errGameExists');
  let setup: LeanSetup;
  if (command.scenarioId !== undefined && command.setup === undefined) {
    const scenario = getLeanScenario(command.scenarioId);
    setup = (scenario ?? fail('errScenarioUnknown', { scenarioId: command.scenarioId })).setup;
  } else {
    const parsed = leanSetupSchema.safeParse(command.setup);
    if (!parsed.success) fail('errInvalidSetup', { reason: parsed.error.issues[0]?.message ?? 'invalid' });
    setup = parsed.data!;
  }
  return [
    {
      type: 'LeanGameCreated',
      data: {
        at: ctx.now,
        gameId: command.gameId,
        name: command.name,
        // Only the server, acting for a session's admin, names another creator: the session's.
        creatorId:
          ctx.actor.role === 'system' && command.creatorId !== undefined
            ? command.creatorId
            : ctx.actor.userId,
        seed: command.seed | 0,
        rulesVersion: LEANGAME_RULES_VERSION,
        scenarioId: command.scenarioId ?? null,
        setup,
        ...(command.session ? { session: command.session } : {}),
        draft: command.draft === true,
      },
    },
  ];
}
