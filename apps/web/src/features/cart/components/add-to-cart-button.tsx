import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cartUiTexts } from '@pitstop/core/messages';
import { cardAddLabel, cardAddText } from '@pitstop/core/minimums-texts';
import type { Part } from '@pitstop/core/parts';
import { buttonStyles } from '@/components/ui/button-styles';
import { useHydrated } from '@/hooks/use-hydrated';
import type { AddablePart } from '../types';

export function isSoldOut(part: Pick<Part, 'availablequantity' | 'minquantity'>): boolean {
  // The minimum order is at least 1, so this covers an empty shelf too.
  return part.availablequantity < part.minquantity;
}

interface Said {
  text: string | null;
  failed: boolean;
}

/**
 * Adds the part to the cart and says how it went. Everything past the button (changing the
 * cart, the texts for what happened) is loaded on the first click, so a page of cards carries
 * only the buttons in its first load.
 */
export function useAddToCart(part: AddablePart) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [said, setSaid] = useState<Said>({ text: null, failed: false });

  async function add(quantity?: number): Promise<void> {
    setPending(true);
    setSaid({ text: null, failed: false });
    setSaid(
      await import('../api/add-to-cart').then(
        (m) => m.addToCartAndSay(queryClient, part, quantity),
        () => ({ text: cartUiTexts.addFailed, failed: true }),
      ),
    );
    setPending(false);
  }

  return { pending, said, add };
}

/** What the last "Add to cart" did, in a polite live region (a failure in red). */
export function AddToCartStatus({ said }: { said: Said }) {
  const colour = said.failed ? 'text-red-700' : 'text-emerald-800';
  return (
    <p role="status" className={said.text ? `basis-full text-sm font-medium ${colour}` : 'sr-only'}>
      {said.text}
    </p>
  );
}

/**
 * "Add to cart" on a part card: adds the part's minimum order each time, and says so when that is
 * more than one ("Add 5 to cart"), so the button does what it says; never past the stock. Any
 * other quantity is chosen on the part page or in the cart. Named after the part, like Buy Now.
 */
export function AddToCartButton({ part }: { part: AddablePart }) {
  const hydrated = useHydrated();
  const { pending, said, add } = useAddToCart(part);
  const soldOut = isSoldOut(part);
  return (
    <>
      <button
        type="button"
        className={buttonStyles('secondary', 'md')}
        aria-label={soldOut ? undefined : cardAddLabel(part)}
        disabled={soldOut || pending || !hydrated}
        onClick={() => void add(part.minquantity)}
      >
        {soldOut ? cartUiTexts.soldOut : pending ? cartUiTexts.adding : cardAddText(part)}
      </button>
      <AddToCartStatus said={said} />
    </>
  );
}
