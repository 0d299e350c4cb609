/**
 * One query for the look-ups of a whole turn of the event loop. A class reconnecting after a
 * restart brings a thousand sockets within a second, each asking for its session, its game's type
 * and its players' names: asked one by one, every answer is a round trip and a system call of its
 * own (issue 29, docs/benchmarks.md). Asked through a loader, the keys asked for while this turn's
 * I/O is handled are read together once it is done.
 *
 * A failed read fails the look-ups of its batch, as each of them would have failed alone.
 */
export type Loader<K, V> = (key: K) => Promise<V | undefined>;

/** Keys read in one query at most: the statement's parameters stay few. */
export const MAX_BATCH = 500;

export function batchedLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  maxBatch = MAX_BATCH,
): Loader<K, V> {
  let pending = new Map<
    K,
    Array<{ resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>
  >();
  const flush = () => {
    const batch = pending;
    pending = new Map();
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += maxBatch) {
      const some = keys.slice(start, start + maxBatch);
      Promise.resolve(some)
        .then(loadMany)
        .then(
          (found) => {
            for (const key of some) for (const waiting of batch.get(key)!) waiting.resolve(found.get(key));
          },
          (error: unknown) => {
            for (const key of some) for (const waiting of batch.get(key)!) waiting.reject(error);
          },
        );
    }
  };
  return (key) =>
    new Promise((resolve, reject) => {
      const waiting = pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else {
        // After this turn's I/O: every request that arrived with it joins the query.
        if (pending.size === 0) setImmediate(flush);
        pending.set(key, [{ resolve, reject }]);
      }
    });
}
