import { render } from '@testing-library/react';
import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { askPricesAgain } from './ssr-prices';
import { WasPrice } from './was-price';

describe('WasPrice', () => {
  it('strikes retail through when the price shown is lower, read as "Was"', () => {
    const { container } = render(<WasPrice part={{ price: 75, listPrice: 100 }} />);
    const struck = container.querySelector('s');
    expect(struck?.textContent).toBe('Was $100.00');
  });

  it('shows nothing at retail, or when a fixed price is above it', () => {
    expect(render(<WasPrice part={{ price: 75 }} />).container.innerHTML).toBe('');
    expect(render(<WasPrice part={{ price: 120, listPrice: 100 }} />).container.innerHTML).toBe('');
  });
});

describe('askPricesAgain', () => {
  it('marks a rendered page’s catalogue answers stale, and nothing else', () => {
    const query = (key: string) => ({
      queryKey: [key, 'list'],
      queryHash: key,
      state: { status: 'success', dataUpdatedAt: 123, isInvalidated: false },
    });
    const state = { mutations: [], queries: [query('parts'), query('brands')] } as unknown as DehydratedState;
    askPricesAgain(state);
    const [parts, brands] = state.queries;
    expect(parts!.state).toMatchObject({ dataUpdatedAt: 0, isInvalidated: true });
    expect(brands!.state).toMatchObject({ dataUpdatedAt: 123, isInvalidated: false });
  });
});
