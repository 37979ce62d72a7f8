import { useQueries, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { CartContents } from '@/features/cart/components/cart-contents';
import { DeliveryPromise } from '@/features/delivery/components/delivery-promise';
import { useLocalCart } from '@/features/cart/stores/local-cart';
import type { LineStock } from '@/features/cart/utils/cart-quantity';
import { getPartQueryOptions } from '@/features/parts/api/get-part';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isApiError } from '@/lib/api-client';
import { getCartQueryOptions } from '@/lib/cart';
import { useIsSignedIn } from '@/lib/session';

// 1-Click on each line for a signed-in customer whose cards say it is ready (issue #28).
const OneClickButton = lazy(() =>
  import('@/features/one-click/components/one-click-button').then((m) => ({ default: m.OneClickButton })),
);
const OneClickTerms = lazy(() =>
  import('@/features/one-click/components/one-click-button').then((m) => ({ default: m.OneClickTerms })),
);

/**
 * /cart — the cart (rendered in the browser only: it lives there for a visitor). A visitor's
 * lines carry the stock seen when they were added, so each part is looked up in the catalogue
 * (the part page's own query) to warn about a line that no longer fits; the server's cart
 * answers with current stock already.
 */
export function CartRoute() {
  useDocumentMeta(cartPageTexts.heading, cartPageTexts.metaDescription);
  const isSignedIn = useIsSignedIn();
  const termsId = useId();
  const local = useLocalCart();
  const lookups = useQueries({
    queries: (isSignedIn ? [] : local).map((item) => getPartQueryOptions(item.partId)),
    combine: (results) =>
      new Map<string, LineStock>(
        results.flatMap((result, index): [string, LineStock][] => {
          const item = local[index];
          if (!item) return [];
          if (result.data) {
            const { availablequantity, minquantity } = result.data;
            return [[item.partId, { available: availablequantity, minquantity }]];
          }
          if (isApiError(result.error) && [400, 404].includes(result.error.status)) {
            return [[item.partId, { available: 0, minquantity: item.minquantity, gone: true }]];
          }
          return [];
        }),
      ),
  });

  // The delivery promise holds when every line is in stock as it stands (the server's cart says
  // today's stock; a visitor's lines, the catalogue's as looked up above).
  const account = useQuery({ ...getCartQueryOptions(), enabled: isSignedIn });
  const lines = isSignedIn ? (account.data?.items ?? []) : local;
  const inStock =
    lines.length > 0 &&
    lines.every((line) => {
      const stock = isSignedIn ? { available: line.available } : lookups.get(line.partId);
      return stock !== undefined && !('gone' in stock && stock.gone) && line.quantity <= stock.available;
    });

  return (
    <PageContainer>
      <PageHeader title={cartPageTexts.heading} />
      {isSignedIn && lines.length > 0 ? (
        // Where every line's 1-Click order goes and how it is paid, said once for all of them.
        <Suspense fallback={null}>
          <OneClickTerms id={termsId} />
        </Suspense>
      ) : null}
      <CartContents
        stockOf={(partId) => lookups.get(partId)}
        promise={<DeliveryPromise inStock={inStock} />}
        lineAction={
          isSignedIn
            ? (item) => (
                <Suspense fallback={null}>
                  <OneClickButton
                    part={{
                      _id: item.partId,
                      name: item.name,
                      minquantity: item.minquantity,
                      availablequantity: item.available,
                    }}
                    quantity={item.quantity}
                    fromCart
                    termsId={termsId}
                  />
                </Suspense>
              )
            : undefined
        }
      />
    </PageContainer>
  );
}
