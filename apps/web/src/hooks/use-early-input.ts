import { useEffect, type RefObject } from 'react';

/**
 * A server-rendered field can be typed into (or a select changed) before the page's script has
 * run. React keeps what was chosen on screen but not in state, so Enter would search for the old
 * text and a bike picker would not move on to the make. After the first render this hands the
 * field's value to `adopt` when it differs from the state.
 */
export function useEarlyInput(
  ref: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  value: string,
  adopt: (typed: string) => void,
): void {
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) adopt(typed);
    // Once, after the first render: later differences are React's own updates in flight.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * The same for a box ticked, or a radio of a group chosen, before the script ran: `read` takes the
 * choice from the server-rendered DOM after the first render and `adopt` gets it when it differs
 * from what the state says.
 */
export function useEarlyChoice<T>(read: () => T | undefined, current: T, adopt: (chosen: T) => void): void {
  useEffect(() => {
    const chosen = read();
    if (chosen !== undefined && chosen !== current) adopt(chosen);
    // Once, after the first render, as above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
