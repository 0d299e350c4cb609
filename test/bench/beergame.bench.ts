/**
 * Beer game engine benchmark: events folded per second (the events of finished classic games with
 * four players) and classic 36-week computer games simulated per second (decide + evolve), one core.
 * Only the engine is timed: the template is resolved (zod) once and cached, nothing is printed or
 * serialised per game.
 */
import { type BeerEvent, beergameDecider, runSimulation } from '../../src-shared/beergame';
import type { CommandContext } from '../../src-shared/eventsourcing';

function playedGame(seed: number): BeerEvent[] {
  const d = beergameDecider;
  let s = d.initialState;
  const events: BeerEvent[] = [];
  const run = (command: Parameters<typeof d.decide>[0], ctx: CommandContext) => {
    for (const e of d.decide(command, s, ctx)) {
      events.push(e);
      s = d.evolve(s, e);
    }
  };
  const ctx = (userId: string): CommandContext => ({ now: 0, actor: { userId, role: 'player' } });
  run(
    { type: 'CreateGame', gameId: 'b', name: 'Bench', creatorId: 't', seed, template: 'classic' },
    ctx('t'),
  );
  const ids = s.facilities.map((f) => f.id);
  for (const id of ids) run({ type: 'JoinRole', facilityId: id }, ctx(id));
  let k = seed;
  while (!s.finished)
    for (const id of ids) {
      k = (k * 1103515245 + 12345) & 0x7fffffff;
      run({ type: 'PlaceOrder', facilityId: id, quantity: 2 + (k % 9) }, ctx(id));
    }
  return events;
}

/**
 * Units per second of `run`, on this thread only: a warm-up first (so the figures are those of
 * optimised code, not of the interpreter), then several short rounds, of which the median and the
 * best are reported (the machine may be shared: the best round is the one least disturbed).
 */
function time(run: () => number, rounds = 7, roundMs = 400): { median: number; best: number } {
  const t0 = performance.now();
  while (performance.now() - t0 < 500) run();
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let units = 0;
    const start = performance.now();
    let t = start;
    while (t - start < roundMs) {
      units += run();
      t = performance.now();
    }
    rates.push(units / ((t - start) / 1000));
  }
  rates.sort((a, b) => a - b);
  return { median: rates[Math.floor(rates.length / 2)]!, best: rates[rates.length - 1]! };
}

export default async function (): Promise<void> {
  const games = Array.from({ length: 20 }, (_, i) => playedGame(i + 1));
  const eventsPerGame = games[0]!.length;
  const fold = time(() => {
    let n = 0;
    for (const events of games) {
      let s = beergameDecider.initialState;
      for (const e of events) s = beergameDecider.evolve(s, e);
      n += events.length;
    }
    return n;
  });
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  const figures = (r: { median: number; best: number }) => `${fmt(r.median)} (best round ${fmt(r.best)})`;
  console.log(
    `events folded per second: ${figures(fold)} (classic games of ${eventsPerGame} events, 4 players)`,
  );
  for (const policy of ['passthrough', 'fixed:4', 'basestock:32,32,32,24', 'sterman:0.36,0.26,0.34,17']) {
    const sim = time(() => {
      runSimulation({ template: 'classic', policies: [policy] });
      return 1;
    });
    console.log(`classic 36-week games simulated per second: ${figures(sim)} (decide + evolve, ${policy})`);
  }
}
