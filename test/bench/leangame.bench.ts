/** `npm run bench -- leangame`: milliseconds to simulate a 20-minute round of the 7-station factory. */
import { leanMetrics, simulateLeanRound } from '../../src-shared/leangame';

export default async function (): Promise<void> {
  const run = (seed: number, scenarioId: string) => {
    const started = performance.now();
    const { events, state, endAt } = simulateLeanRound({ scenarioId, minutes: 20, seed });
    leanMetrics(state, endAt);
    return { ms: performance.now() - started, events: events.length };
  };
  run(0, 'factory7-choose'); // warm-up (JIT)
  for (const scenarioId of ['factory7-choose', 'factory7-lean']) {
    const runs = [1, 2, 3, 4, 5].map((seed) => run(seed, scenarioId));
    const times = runs.map((r) => r.ms).sort((a, b) => a - b);
    console.log(
      `${scenarioId}, 20-minute computer round: median ${times[2]!.toFixed(1)} ms, ` +
        `min ${times[0]!.toFixed(1)} ms, max ${times[4]!.toFixed(1)} ms (${runs[0]!.events} events)`,
    );
  }
}
