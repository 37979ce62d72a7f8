import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import type { CheckoutResult } from '@pitstop/core/checkout';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { Checkout } from '@/features/checkout/components/checkout';
import { useCreditStatus } from '@/features/credit/api/get-credit-status';
import { CreditOffer } from '@/features/credit/components/credit-offer';
import { ordersKeys } from '@/features/orders/api/orders-query-keys';
import { PlacedOnAccount } from '@/features/orders/components/placed-on-account';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { getCartQueryOptions } from '@/lib/cart';
import { DeliveryPromise } from '@/features/delivery/components/delivery-promise';

/**
 * /checkout (signed in) — the cart becomes one order, then the payment page takes the card; an
 * order on account has nothing to pay now and ends here, on its confirmation.
 */
export function CheckoutRoute() {
  useDocumentMeta(checkoutTexts.heading, checkoutTexts.metaDescription);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // An approved customer may pay on account; while this loads (or if it fails) card is the way.
  const credit = useCreditStatus();
  const account = credit.data?.account ?? null;
  const [onAccount, setOnAccount] = useState<CheckoutResult | null>(null);
  // The promise for the address the order goes to (the chosen or typed one's state), while every
  // line is in stock.
  const cart = useQuery(getCartQueryOptions());
  const items = cart.data?.items ?? [];
  const inStock = items.length > 0 && items.every((line) => line.quantity <= line.available);

  return (
    <PageContainer>
      <PageHeader title={checkoutTexts.heading} />
      {onAccount ? (
        <PlacedOnAccount result={onAccount} focusOnShow />
      ) : (
        <Checkout
          creditLine={account ? { remaining: account.remaining } : null}
          // Without a credit line, where paying on account starts (issue #28); with one, the
          // choice above says what is left.
          creditOffer={account ? null : <CreditOffer className="border-t border-slate-200 pt-4" />}
          deliveryPromise={(state) => <DeliveryPromise inStock={inStock} state={state} />}
          onPlaced={(result) => {
            // My Orders lists the new order; what is left of the limit changed.
            void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
            // Over a company buyer's limit: nothing to pay yet; the checkout says it waits.
            if (result.awaitingApproval) return;
            if (result.paymentMethod === 'account') {
              void credit.refetch();
              setOnAccount(result);
            } else {
              void navigate(`/payment/${encodeURIComponent(result.insertedId)}`);
            }
          }}
        />
      )}
    </PageContainer>
  );
}
