/**
 * `fc.assert` with its seed in sight. Every property run prints one line, `[fast-check] seed <n>:
 * <test name>`, so a run that failed on the machine of someone else can be replayed; a failure
 * also prints fast-check's own report with the seed and the shrunk counterexample's path.
 *
 * Replay a run:             FC_SEED=<n> npx vitest run <file> -t '<test name>'
 * Search harder:            FC_NUM_RUNS=5000 npx vitest run <file>   (the default is the test's own)
 * Pin a counterexample:     copy the seed and path of the failure report into a named test,
 *
 *   it('regression: seed 1234 — what the counterexample was', () => {
 *     assertProperty(theProperty, { seed: 1234, path: '5:1:0' });
 *   });
 *
 * so the shrunk case runs on every `npm test`, whatever seed the rest of the run draws. (With a
 * path, fast-check starts from that exact case; the property must be built from the same
 * arbitraries, in the same order, for the seed and path to mean the same case.)
 */
import fc from 'fast-check';
import { expect } from 'vitest';

function fromEnvironment(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value)) throw new Error(`${name} must be an integer, not ${JSON.stringify(text)}`);
  return value;
}

/** A seed: the pinned one, else FC_SEED, else a fresh draw. */
function seedFor(params: fc.Parameters<unknown>): number {
  return params.seed ?? fromEnvironment('FC_SEED') ?? Math.floor(Math.random() * 2 ** 31);
}

/** Asserts `property` with a seed that is printed first (see the top of this file). */
export function assertProperty<Ts>(property: fc.IProperty<Ts>, params: fc.Parameters<Ts> = {}): void {
  fc.assert(property, announced(params));
}

/** The run's parameters (seed and number of runs), announced on one line. */
function announced<Ts>(params: fc.Parameters<Ts>): fc.Parameters<Ts> {
  const pinned = params.path !== undefined;
  const seed = seedFor(params as fc.Parameters<unknown>);
  const numRuns = pinned ? params.numRuns : (fromEnvironment('FC_NUM_RUNS') ?? params.numRuns);
  const name = expect.getState().currentTestName ?? 'property';
  console.log(`[fast-check] seed ${seed}${pinned ? ` path ${params.path}` : ''}: ${name}`);
  return { ...params, seed, numRuns };
}

/** `assertProperty` for an async property (one that talks to a server, say). */
export async function assertAsyncProperty<Ts>(
  property: fc.IAsyncProperty<Ts>,
  params: fc.Parameters<Ts> = {},
): Promise<void> {
  await fc.assert(property, announced(params));
}
