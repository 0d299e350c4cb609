/**
 * A beer game's configuration as the server stores it (a template's, a session round's): checked
 * by the engine first. Here rather than in a router: the game type's session entry needs it too.
 */
import { isCleanText } from '../../src-shared/api/text-rules';
import { beerConfigInputSchema, resolveConfig } from '../../src-shared/beergame';
import { appError } from '../trpc/trpc';

/** Every string of a value, keys included, can be stored and shown (jsonb refuses NUL and lone surrogates). */
export function isCleanDeep(value: unknown): boolean {
  if (typeof value === 'string') return isCleanText(value, true);
  if (Array.isArray(value)) return value.every(isCleanDeep);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).every(([key, v]) => isCleanText(key) && isCleanDeep(v));
  return true;
}

/**
 * A beer configuration as stored: the engine's input with its defaults, once `resolveConfig` has
 * accepted it. A refusal names the engine's reason, translated around it.
 */
export function checkedBeerConfig(input: Record<string, unknown>): Record<string, unknown> {
  try {
    resolveConfig(input);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 300) : 'invalid';
    throw appError('BAD_REQUEST', 'beergame.errInvalidConfig', { reason });
  }
  const config = beerConfigInputSchema.parse(input);
  if (!isCleanDeep(config)) throw appError('BAD_REQUEST', 'errors.textInvalid');
  return config;
}
