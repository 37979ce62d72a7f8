import { useState } from 'react';

/**
 * A value shown at once when the user changes it, until the value it stands for (here the URL's)
 * catches up: `[shown, show]`. Once `value` changes, `shown` is `value` again. React's
 * useOptimistic does this for a transition; Preact has no transitions (a navigation renders at
 * once), so this keeps the choice only until the next value arrives.
 */
export function useOptimisticValue<T>(value: T): [T, (next: T) => void] {
  const [pending, setPending] = useState<{ base: T; next: T } | null>(null);
  const shown = pending !== null && Object.is(pending.base, value) ? pending.next : value;
  return [shown, (next) => setPending({ base: value, next })];
}
