/**
 * Reads asked for in the same turn share one load: every key asked for before the turn's
 * microtasks run goes to `load` at once, and each caller gets its own key's value (null when
 * `load` did not find it). A job run writes its mails side by side (a 1-Click order's
 * confirmation, receipt and notice among them), and each used to read its order again: three
 * statements each.
 *
 * Nothing is kept after the load: a key asked for later is read again, so no caller gets an
 * answer older than its own call's turn.
 */
export function batchLoader<K, V>(load: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | null> {
  type Waiter = { resolve: (value: V | null) => void; reject: (err: unknown) => void };
  let waiting: Map<K, Waiter[]> | null = null;

  const flush = () => {
    const batch = waiting!;
    waiting = null;
    // Through a promise, so that a load that throws at once rejects its callers like one that fails later.
    Promise.resolve([...batch.keys()])
      .then(load)
      .then(
        (found) => {
          for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key) ?? null);
        },
        (err: unknown) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
        },
      );
  };

  return (key) =>
    new Promise<V | null>((resolve, reject) => {
      if (!waiting) {
        waiting = new Map();
        queueMicrotask(flush);
      }
      const list = waiting.get(key);
      if (list) list.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
    });
}

/** One read shared by the calls of one turn: batchLoader with a single key (the shop's admins, say). */
export function sharedRead<V>(read: () => Promise<V>): () => Promise<V> {
  const load = batchLoader(async () => new Map([[0, await read()]]));
  return async () => (await load(0)) as V;
}
