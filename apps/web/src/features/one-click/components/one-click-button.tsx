import { useQuery, useQueryClient } from '@tanstack/react-query';
import { authErrorTexts } from '@pitstop/core/messages';
import { oneClickTexts, type OneClickOrderInput } from '@pitstop/core/one-click';
import { quantityProblem } from '@pitstop/core/orders';
import type { Part } from '@pitstop/core/parts';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { getAddressBookQueryOptions } from '@/lib/address-book';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useSavedCards } from '@/lib/saved-cards';
import { placeOneClickOrder } from '../api/place-one-click-order';

export type OneClickPart = Pick<Part, '_id' | 'name' | 'minquantity' | 'availablequantity'>;

export interface OneClickButtonProps {
  part: OneClickPart;
  /** The quantity chosen beside it (the part page's box as typed, or the cart line's). */
  quantity: number | string;
  /** Bought from a cart line: the line leaves the cart with the order. */
  fromCart?: boolean;
  /** Offer "Set up 1-Click" (to the profile) when it is on but not ready: the part page only. */
  offerSetUp?: boolean;
  /**
   * The id of a OneClickTerms shown once for several buttons (the cart's lines): the button is
   * described by it instead of repeating the terms under every line.
   */
  termsId?: string;
}

function wholeNumber(value: number | string): number | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  return Number.isInteger(n) ? n : null;
}

/** Where the order goes and how it is paid, or null until both are known. */
function useTerms(enabled: boolean): string | null {
  // The default street as it is now (the profile may have changed it a moment ago).
  const book = useQuery({ ...getAddressBookQueryOptions(), enabled, staleTime: 0 });
  const cards = useSavedCards({ enabled });
  const address = book.data?.addresses.find((entry) => entry.isDefault);
  const card = cards.data?.cards[0];
  return address && card
    ? oneClickTexts.terms(address.street, savedCardTexts.ending(card.brand, card.last4))
    : null;
}

/**
 * "Buy now with 1-Click" (issue #28, item 5): one click orders the chosen quantity to the default
 * address and pays with the newest saved card. Shown only when GET /api/cards says 1-Click is
 * ready. Paid: the order's confirmation (its payment page, "Order PS-… is paid" with the arrival
 * date); the bank wants a confirmation: the payment page says so above the card form; declined:
 * the reason in place, and the button stays for another try.
 */
export function OneClickButton({
  part,
  quantity,
  fromCart = false,
  offerSetUp = false,
  termsId,
}: OneClickButtonProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cards = useSavedCards();
  const ready = cards.data?.oneClickReady === true;
  // Said under the button unless a OneClickTerms above says it for several (the queries behind
  // it are shared, so a disabled one would still answer from the cache).
  const shared = useTerms(ready && termsId === undefined);
  const terms = termsId === undefined ? shared : null;
  const idempotency = useIdempotencyKey();
  const [placing, setPlacing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (!cards.data || part.availablequantity < part.minquantity) return null;
  if (!ready) {
    // Turned off on purpose: nothing to offer. On but missing a card or a default address: where to fix it.
    return cards.data.oneClickEnabled && offerSetUp ? (
      <p className="basis-full text-sm">
        <Link to="/profile" className="font-semibold text-red-700 underline underline-offset-4">
          {oneClickTexts.setUp}
        </Link>
      </p>
    ) : null;
  }

  const chosen = wholeNumber(quantity);
  const orderable = chosen !== null && quantityProblem(chosen, part) === undefined;

  async function buy() {
    if (chosen === null || placing) return;
    const input: OneClickOrderInput = {
      partId: part._id,
      quantity: chosen,
      ...(fromCart ? { fromCart } : {}),
    };
    setPlacing(true);
    setRefusal(null);
    let error: unknown = null;
    try {
      // The same purchase tried again after a lost answer sends the same key: never two orders.
      const result = await placeOneClickOrder(input, idempotency.for(input));
      // Stock, the order lists and (from the cart) the cart all changed: whatever is on screen reloads.
      void queryClient.invalidateQueries();
      const confirm = result.payment === 'requires_action' ? '?confirm=1' : '';
      await navigate(`/payment/${encodeURIComponent(result.insertedId)}${confirm}`);
    } catch (failure) {
      error = failure;
      setRefusal(
        isApiError(failure) && failure.status === 402
          ? failure.message || oneClickTexts.declined
          : problemText(failure, authErrorTexts.generic),
      );
    } finally {
      idempotency.settled(error);
      setPlacing(false);
    }
  }

  return (
    <div className="flex basis-full flex-col gap-1.5">
      <button
        type="button"
        // On a cart line it stands back from Checkout, the cart's main way on.
        className={buttonStyles(fromCart ? 'secondary' : 'primary', 'md', 'self-start')}
        aria-label={placing ? undefined : oneClickTexts.buttonName(part.name)}
        aria-describedby={termsId ?? (terms ? `${id}-terms` : undefined)}
        disabled={!orderable || placing}
        onClick={() => void buy()}
      >
        {placing ? oneClickTexts.placing : oneClickTexts.button}
      </button>
      {terms ? (
        <p id={`${id}-terms`} className="text-sm text-slate-600">
          {terms}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Where 1-Click orders go and how they are paid, said once above several buttons that name it as
 * their `termsId` (the cart's lines). Nothing until 1-Click is ready.
 */
export function OneClickTerms({ id }: { id: string }) {
  const cards = useSavedCards();
  const terms = useTerms(cards.data?.oneClickReady === true);
  return terms ? (
    <p id={id} className="mb-4 text-sm text-slate-600">
      {oneClickTexts.cartTerms(terms)}
    </p>
  ) : null;
}
