import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import { centsToDollars, dollarsToCents } from '@pitstop/core/money';
import { countItems, getCartQueryOptions, type CartItem } from '@/lib/cart';
import { problemText } from '@/lib/error-text';
import { useIsSignedIn } from '@/lib/session';
import { mergeLocalCart } from '../api/merge-local-cart';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useSetCartItemQuantity } from '../api/set-cart-item-quantity';
import {
  clearRefusedLines,
  removeLocalItem,
  setLocalQuantity,
  useLocalCart,
  useRefusedLines,
} from '../stores/local-cart';
import type { RefusedLine } from '../types';

const NO_ITEMS: CartItem[] = [];

export interface CartState {
  items: CartItem[];
  /** In dollars, summed in cents. */
  subtotal: number;
  count: number;
  isSignedIn: boolean;
  /** The account's cart is loading, or taking in the browser's lines after sign-in. */
  isLoading: boolean;
  /** The account's cart could not be read; `retry` asks again. */
  loadFailed: boolean;
  /** The browser's lines could not be moved to the account yet; `retry` tries again. */
  mergeFailed: boolean;
  retry: () => void;
  setQuantity: (partId: string, quantity: number) => Promise<boolean>;
  remove: (partId: string) => Promise<boolean>;
  /** The part whose change is on its way to the server. */
  pendingPartId: string | null;
  /** What went wrong with the last change, as a sentence to show. */
  error: string | null;
  /** Lines from before sign-in the account's cart did not take as they were. */
  refused: RefusedLine[];
  dismissRefused: () => void;
}

function subtotalOf(items: readonly CartItem[]): number {
  return centsToDollars(
    items.reduce((cents, item) => cents + dollarsToCents(item.unitPrice) * item.quantity, 0),
  );
}

/**
 * The cart, wherever it lives: in this browser for a visitor, on the server for a signed-in
 * customer. Right after sign-in the browser's lines are merged into the account's, and the
 * cart reads as loading until that is done.
 */
export function useCart(): CartState {
  const queryClient = useQueryClient();
  const isSignedIn = useIsSignedIn();
  const local = useLocalCart();
  const refused = useRefusedLines();
  const server = useQuery({ ...getCartQueryOptions(), enabled: isSignedIn });
  const setOnServer = useSetCartItemQuantity();
  const removeOnServer = useRemoveCartItem();
  const [mergeFailed, setMergeFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const merging = isSignedIn && local.length > 0 && !mergeFailed;

  // The browser's cart and the account's are two outside systems to bring together.
  useEffect(() => {
    if (!isSignedIn || local.length === 0) return;
    // A failure (network, server) leaves the unmoved lines in the browser for another try.
    mergeLocalCart(queryClient).catch(() => setMergeFailed(true));
  }, [isSignedIn, local.length, queryClient, attempt]);

  const items = isSignedIn ? (server.data?.items ?? NO_ITEMS) : local;

  function clearErrors() {
    setOnServer.reset();
    removeOnServer.reset();
  }

  async function setQuantity(partId: string, quantity: number): Promise<boolean> {
    clearErrors();
    if (!isSignedIn) {
      setLocalQuantity(partId, quantity);
      return true;
    }
    return setOnServer.mutateAsync({ partId, quantity }).then(
      () => true,
      () => false,
    );
  }

  async function remove(partId: string): Promise<boolean> {
    clearErrors();
    if (!isSignedIn) {
      removeLocalItem(partId);
      return true;
    }
    return removeOnServer.mutateAsync(partId).then(
      () => true,
      () => false,
    );
  }

  const failed = setOnServer.error ?? removeOnServer.error;
  const pendingPartId = setOnServer.isPending
    ? (setOnServer.variables?.partId ?? null)
    : removeOnServer.isPending
      ? (removeOnServer.variables ?? null)
      : null;

  return {
    items,
    subtotal: isSignedIn && server.data ? server.data.subtotal : subtotalOf(items),
    count: countItems(items),
    isSignedIn,
    isLoading: merging || (isSignedIn && server.isPending && !server.isError),
    loadFailed: isSignedIn && server.isError && !merging,
    mergeFailed: mergeFailed && isSignedIn && local.length > 0,
    retry: () => {
      setMergeFailed(false);
      setAttempt((n) => n + 1);
      if (server.isError) void server.refetch();
    },
    setQuantity,
    remove,
    pendingPartId,
    error: failed ? problemText(failed, cartPageTexts.changeFailed) : null,
    refused,
    dismissRefused: clearRefusedLines,
  };
}
