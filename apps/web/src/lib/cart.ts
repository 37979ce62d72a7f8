import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart, CartItem } from '@pitstop/core/cart';
import { apiGet } from './api-client';
import { useAccessToken } from './session';
import { storageSubscription } from './storage-subscription';
import { storedJsonSnapshot } from './stored-json';

/*
 * The part of the cart that shared layout needs: what a visitor's browser holds, the signed-in
 * customer's cart query, and the item count the navbar shows. It lives in lib, not in
 * features/cart, for the same reason as current-user.ts: the navbar (shared layout) reads it and
 * shared code never imports a feature. Everything else about the cart (changing it, the merge at
 * sign-in, the /cart page) is in features/cart and loads with the screens that use it.
 */

export type { Cart, CartItem };

export const CART_STORAGE_KEY = 'pitstop.cart';
/** The one subscription for the key: writes in features/cart notify the navbar through it. */
export const localCartSubscription = storageSubscription(CART_STORAGE_KEY);

/** The one place the cart's query keys are spelled (the signed-in cart; a visitor's is not cached). */
export const cartKeys = {
  all: ['cart'] as const,
  server: () => [...cartKeys.all, 'server'] as const,
};

/** GET /api/cart (signed in). */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiGet<Cart>('/cart', { signal });
}

export function getCartQueryOptions() {
  return queryOptions({ queryKey: cartKeys.server(), queryFn: ({ signal }) => getCart(signal) });
}

const NO_LINES: StoredLine[] = [];

/** What the navbar needs of a stored line; features/cart checks the rest before showing it. */
export interface StoredLine {
  partId: string;
  quantity: number;
}

function isStoredLine(value: unknown): value is StoredLine {
  const v = (value ?? {}) as Partial<StoredLine>;
  return typeof v.partId === 'string' && Number.isInteger(v.quantity) && (v.quantity ?? 0) > 0;
}

/**
 * The lines of the stored cart (`{ items: [...] }`). Only what counting needs is checked here:
 * this runs in every page's first load.
 */
export function storedLinesIn(data: unknown): StoredLine[] {
  const items = (data as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? items.filter(isStoredLine) : NO_LINES;
}

/** The lines a visitor's cart holds in this browser, as stored (newest first). */
export const getStoredCartLines = storedJsonSnapshot(localCartSubscription.read, storedLinesIn, NO_LINES);

/**
 * The browser's cart lines; re-renders when they change here or in another tab. The server (and
 * so the first render in the browser, while hydrating) sees an empty cart, so the markup matches.
 */
export function useStoredCartLines(): StoredLine[] {
  return useSyncExternalStore(localCartSubscription.subscribe, getStoredCartLines, () => NO_LINES);
}

export function countItems(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * How many items the cart holds: the account's cart when signed in, plus any lines this browser
 * still holds while they are being merged into it; the browser's cart otherwise. Zero on the
 * server and during hydration.
 */
export function useCartCount(): number {
  const signedIn = useAccessToken() !== null;
  const local = useStoredCartLines();
  const server = useQuery({
    ...getCartQueryOptions(),
    enabled: signedIn,
    select: (cart) => countItems(cart.items),
  });
  return countItems(local) + (signedIn ? (server.data ?? 0) : 0);
}
