import type { DehydratedState } from '@tanstack/react-query';

/**
 * A rendered page's answers are a visitor's (the server renders anonymously, decision 025), so
 * its prices are retail. A signed-in customer may buy at a price list (issue #30): their copy of
 * the page's catalogue answers is asked for again right after hydration; the page first shows
 * what the server rendered, so hydration still matches.
 */
export function askPricesAgain(state: DehydratedState): void {
  for (const query of state.queries) {
    if (query.queryKey[0] === 'parts' && query.state.status === 'success') {
      query.state.dataUpdatedAt = 0;
      query.state.isInvalidated = true;
    }
  }
}
