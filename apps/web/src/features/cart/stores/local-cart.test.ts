import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, useCartCount } from '@/lib/cart';
import { createPart } from '@/testing/part-factory';
import { createTestQueryClient } from '@/testing/render';
import { QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { toCartPart } from '../api/add-to-cart';
import {
  addLocalItem,
  addRefusedLines,
  clearLocalCart,
  getLocalCart,
  getRefusedLines,
  removeLocalItem,
  setLocalQuantity,
  useLocalCart,
} from './local-cart';

const pads = toCartPart(
  createPart({ name: 'Brake pads', price: 21.99, availablequantity: 5, minquantity: 2 }),
);
const chain = toCartPart(
  createPart({ name: 'Chain kit', price: 89.5, availablequantity: 40, minquantity: 1 }),
);
const lines = () => getLocalCart().map((item) => `${item.name} × ${item.quantity}`);

describe("a visitor's cart in the browser", () => {
  it('adds a new line at the minimum order, then one more per click, never past the stock', () => {
    expect(addLocalItem(pads)).toEqual({ total: 2, added: 2, capped: false });
    expect(addLocalItem(pads)).toEqual({ total: 3, added: 1, capped: false });
    expect(addLocalItem(pads, 10)).toEqual({ total: 5, added: 2, capped: true });
    expect(addLocalItem(pads)).toEqual({ total: 5, added: 0, capped: true });
    expect(lines()).toEqual(['Brake pads × 5']);
  });

  it('keeps a snapshot of each part for display, the newest line first, under pitstop.cart', () => {
    addLocalItem(pads);
    addLocalItem(chain, 3);
    expect(lines()).toEqual(['Chain kit × 3', 'Brake pads × 2']);
    const stored = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!) as { items: unknown[] };
    expect(stored.items[0]).toEqual({
      partId: chain.partId,
      name: 'Chain kit',
      img: chain.img,
      unitPrice: 89.5,
      quantity: 3,
      available: 40,
      minquantity: 1,
    });
  });

  it('adds nothing when the part is sold out', () => {
    const soldOut = { ...chain, available: 0 };
    expect(addLocalItem(soldOut)).toEqual({ total: 0, added: 0, capped: true });
    expect(getLocalCart()).toEqual([]);
  });

  it('changes a quantity, removes a line and clears the cart', () => {
    addLocalItem(pads);
    addLocalItem(chain);
    setLocalQuantity(chain.partId, 7);
    expect(lines()).toEqual(['Chain kit × 7', 'Brake pads × 2']);
    removeLocalItem(chain.partId);
    expect(lines()).toEqual(['Brake pads × 2']);
    clearLocalCart();
    expect(getLocalCart()).toEqual([]);
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('ignores stored lines it cannot trust (edited by hand, older versions) and duplicates', () => {
    const good = { ...pads, quantity: 2 };
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        items: [
          good,
          { ...good },
          { ...chain, quantity: 0 },
          { ...chain, quantity: 1.5 },
          { partId: 'x' },
          'junk',
        ],
      }),
    );
    expect(lines()).toEqual(['Brake pads × 2']);
    window.localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(getLocalCart()).toEqual([]);
  });

  it('re-renders readers on a change here and on one made in another tab', () => {
    const { result } = renderHook(() => useLocalCart());
    expect(result.current).toEqual([]);
    act(() => void addLocalItem(chain, 2));
    expect(result.current.map((item) => item.quantity)).toEqual([2]);

    // Another tab writes the same key: the browser fires `storage` here.
    act(() => {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ ...pads, quantity: 4 }] }));
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(result.current.map((item) => `${item.name} × ${item.quantity}`)).toEqual(['Brake pads × 4']);
  });

  it('counts the items for the navbar', () => {
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: createTestQueryClient() }, children);
    const { result } = renderHook(() => useCartCount(), { wrapper });
    expect(result.current).toBe(0);
    act(() => {
      addLocalItem(pads);
      addLocalItem(chain, 3);
    });
    expect(result.current).toBe(5);
  });

  it('keeps the report of lines the account did not take until it is dismissed', () => {
    addRefusedLines([{ partId: pads.partId, name: 'Brake pads', reason: 'no longer sold.' }]);
    addRefusedLines([{ partId: pads.partId, name: 'Brake pads', reason: 'reduced to 5.' }]);
    expect(getRefusedLines()).toEqual([{ partId: pads.partId, name: 'Brake pads', reason: 'reduced to 5.' }]);
  });
});
