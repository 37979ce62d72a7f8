/**
 * The promise kept in `memo` under `key`, made by `make` the first time it is asked for. A promise
 * that fails is forgotten, so the next caller tries again rather than getting the same failure.
 */
export function remembered<K, V>(memo: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let made = memo.get(key);
  if (!made) {
    made = make();
    memo.set(key, made);
    made.catch(() => memo.delete(key));
  }
  return made;
}
