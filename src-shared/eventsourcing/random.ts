/**
 * A small seeded generator (mulberry32): every draw of a game comes from the seed in its creation
 * event plus a draw counter, so a replay reproduces every number. The state is a plain number and
 * can live inside a reducer's state.
 */
export function nextRandom(state: number): { value: number; state: number } {
  const next = (state + 0x6d2b79f5) | 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4294967296, state: next };
}

/** A stateful wrapper for code that draws many numbers in one pure function call. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    const draw = nextRandom(state);
    state = draw.state;
    return draw.value;
  };
}

/** A whole number in [min, max], both included. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
