/**
 * Beer game engine benchmark: events folded per second (the events of finished classic games with
 * four players) and classic 36-week computer games simulated per second (decide + evolve), one core.
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
  for (const id of ids) run({ type: 'JoinRole', facilityId: id, playerName: id }, ctx(id));
  let k = seed;
  while (!s.finished)
    for (const id of ids) {
      k = (k * 1103515245 + 12345) & 0x7fffffff;
      run({ type: 'PlaceOrder', facilityId: id, quantity: 2 + (k % 9) }, ctx(id));
    }
  return events;
}

function time(run: () => number, minMs = 1500): { units: number; seconds: number } {
  run();
  let units = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < minMs) {
    units += run();
    t = performance.now();
  }
  return { units, seconds: (t - t0) / 1000 };
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
  console.log(
    `events folded per second: ${fmt(fold.units / fold.seconds)} (classic games of ${eventsPerGame} events, 4 players)`,
  );
  for (const policy of ['passthrough', 'sterman:0.36,0.26,0.34,17']) {
    const sim = time(() => {
      runSimulation({ template: 'classic', policies: [policy] });
      return 1;
    });
    console.log(
      `classic 36-week games simulated per second: ${fmt(sim.units / sim.seconds)} (decide + evolve, ${policy})`,
    );
  }
}
