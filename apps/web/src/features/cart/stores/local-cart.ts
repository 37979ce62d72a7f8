import { useSyncExternalStore } from 'react';
import { localCartSubscription, storedLinesIn, type CartItem, type StoredLine } from '@/lib/cart';
import { storageSubscription } from '@/lib/storage-subscription';
import { storedJsonSnapshot } from '@/lib/stored-json';
import type { AddToCartResult, CartPart, RefusedLine } from '../types';

/**
 * A visitor's cart: lines (part id, quantity, and a snapshot of name, picture, price and stock
 * for display) in localStorage under `pitstop.cart`, so it survives a reload and other tabs see
 * changes. lib/cart.ts reads the stored lines (the navbar counts them in every first load); this
 * checks each line in full before it is shown and makes the changes. At sign-in the lines move
 * to the account's cart (api/merge-local-cart.ts) and are cleared.
 */

/**
 * As many lines as the account's cart takes (CART_MAX_LINES in @pitstop/core/cart, not imported:
 * that module brings zod), and a bound so a tampered value cannot grow without limit.
 */
export const CART_MAX_LINES = 50;
const EMPTY: CartItem[] = [];

function isWhole(value: unknown, min: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min;
}

/** A stored line is checked by hand: it may be from an older version or edited in dev tools. */
function isCartItem(line: StoredLine): line is CartItem {
  const v = line as unknown as Record<string, unknown>;
  return (
    line.partId !== '' &&
    typeof v.name === 'string' &&
    typeof v.img === 'string' &&
    typeof v.unitPrice === 'number' &&
    Number.isFinite(v.unitPrice) &&
    v.unitPrice >= 0 &&
    isWhole(v.available, 0) &&
    isWhole(v.minquantity, 1)
  );
}

/** Each line whole, once (the first of a part's lines), at most CART_MAX_LINES of them. */
function wholeItems(lines: StoredLine[]): CartItem[] {
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const line of lines) {
    if (!isCartItem(line) || seen.has(line.partId)) continue;
    seen.add(line.partId);
    const { partId, name, img, unitPrice, quantity, available, minquantity } = line;
    items.push({ partId, name, img, unitPrice, quantity, available, minquantity });
  }
  return items.length === 0 ? EMPTY : items.slice(0, CART_MAX_LINES);
}

/** The visitor's cart in this browser, newest line first: each line whole, once. */
export const getLocalCart = storedJsonSnapshot(
  localCartSubscription.read,
  (data) => wholeItems(storedLinesIn(data)),
  EMPTY,
);

/** The browser's cart; re-renders when it changes here or in another tab (empty on the server). */
export function useLocalCart(): CartItem[] {
  return useSyncExternalStore(localCartSubscription.subscribe, getLocalCart, () => EMPTY);
}

// Full or unavailable storage: the cart lasts only as long as the page.
function write(items: CartItem[]): void {
  localCartSubscription.writeJson(items.length === 0 ? null : { items });
}

/**
 * The quantity a line should hold after adding: the given quantity (or the part's minimum for a
 * new line, one more for a line already there) on top of what is held, capped at the stock.
 */
export function quantityAfterAdding(
  held: number,
  part: Pick<CartPart, 'available' | 'minquantity'>,
  quantity?: number,
): AddToCartResult {
  const wanted = held + (quantity ?? (held === 0 ? part.minquantity : 1));
  const total = Math.max(held, Math.min(wanted, part.available));
  return { total, added: total - held, capped: total < wanted };
}

/** Adds the part to the browser's cart (see quantityAfterAdding); its snapshot is refreshed. */
export function addLocalItem(part: CartPart, quantity?: number): AddToCartResult {
  const items = getLocalCart();
  const held = items.find((item) => item.partId === part.partId)?.quantity ?? 0;
  const result = quantityAfterAdding(held, part, quantity);
  if (result.total === 0) return result;
  const line: CartItem = { ...part, quantity: result.total };
  // The newest line first, as a list of what was just chosen reads.
  write([line, ...items.filter((item) => item.partId !== part.partId)].slice(0, CART_MAX_LINES));
  return result;
}

export function setLocalQuantity(partId: string, quantity: number): void {
  write(getLocalCart().map((item) => (item.partId === partId ? { ...item, quantity } : item)));
}

export function removeLocalItem(partId: string): void {
  write(getLocalCart().filter((item) => item.partId !== partId));
}

export function clearLocalCart(): void {
  write([]);
}

/*
 * Lines the merge at sign-in could not move (or moved fewer of), kept until the customer has
 * read them, so nothing chosen before sign-in disappears without a word.
 */
export const REFUSED_STORAGE_KEY = 'pitstop.cart.refused';
const refusedSubscription = storageSubscription(REFUSED_STORAGE_KEY);
const NO_REFUSALS: RefusedLine[] = [];

function isRefusedLine(value: unknown): value is RefusedLine {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.partId === 'string' && typeof v.name === 'string' && typeof v.reason === 'string';
}

export const getRefusedLines = storedJsonSnapshot(
  refusedSubscription.read,
  (data) => (Array.isArray(data) && data.length > 0 ? data.filter(isRefusedLine) : NO_REFUSALS),
  NO_REFUSALS,
);

// Unavailable storage: the report lasts as long as the page.
function writeRefused(lines: RefusedLine[]): void {
  refusedSubscription.writeJson(lines.length === 0 ? null : lines);
}

export function addRefusedLines(lines: RefusedLine[]): void {
  if (lines.length === 0) return;
  const ids = new Set(lines.map((line) => line.partId));
  writeRefused([...getRefusedLines().filter((line) => !ids.has(line.partId)), ...lines]);
}

export function clearRefusedLines(): void {
  writeRefused([]);
}

export function useRefusedLines(): RefusedLine[] {
  return useSyncExternalStore(refusedSubscription.subscribe, getRefusedLines, () => NO_REFUSALS);
}
