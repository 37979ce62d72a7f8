import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { shareableImageUrl } from '@pitstop/core/images';
import { shopTexts } from '@pitstop/core/messages';
import { PageContainer } from '@/components/layout/page-container';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { AddToCartForm } from '@/features/cart/components/add-to-cart-form';
import { useCreditStatus } from '@/features/credit/api/get-credit-status';
import { useDeliverySettings } from '@/features/delivery/api/get-delivery-settings';
import { useActiveVehicle } from '@/features/fitment/hooks/use-garage-vehicles';
import { usePart } from '@/features/parts/api/get-part';
import { partsKeys } from '@/features/parts/api/parts-query-keys';
import { partPath } from '@/features/parts/components/part-card';
import { PartDetails } from '@/features/parts/components/part-details';
import { PartDetailsSkeleton } from '@/features/parts/components/part-details-skeleton';
import { ReviewList } from '@/features/reviews/components/review-list';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { lazyModule } from '@/lib/lazy-module';
import { useHttpStatus } from '@/lib/render-context';
import { useIsSignedIn } from '@/lib/session';

function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-8 text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-slate-600">
        <li>
          <Link to="/" className="underline-offset-4 hover:text-slate-900 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to="/parts" className="underline-offset-4 hover:text-slate-900 hover:underline">
            Parts
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-medium text-slate-900">
          {current}
        </li>
      </ol>
    </nav>
  );
}

// The order form (react-hook-form and zod) is for signed-in customers only: a visitor's page,
// the one search engines and first-time riders load, does without its code.
// The promise is computed once mounted (it counts down on the server's clock), so its code (the
// calendar rules, ZIP prefixes, texts) need not be in the storefront's first load.
const DeliveryPromise = lazyModule('src/features/delivery/components/delivery-promise.tsx', () =>
  import('@/features/delivery/components/delivery-promise').then((m) => m.DeliveryPromise),
);
// 1-Click (issue #28) only for a signed-in customer whose cards say it is ready: loaded then.
const OneClick = lazyModule('src/features/one-click/components/one-click-button.tsx', () =>
  import('@/features/one-click/components/one-click-button').then((m) => m.OneClickButton),
);
// A part's other numbers (issue #29): only a part that lists some loads their section's code.
const PartNumbers = lazyModule('src/features/parts/components/part-numbers.tsx', () =>
  import('@/features/parts/components/part-numbers').then((m) => m.PartNumbers),
);
// "See it on the diagram" (issue #29): its own small chunk, so the storefront's first load (which
// holds this page) does not carry the diagrams' addresses and texts.
const PartDiagramLinks = lazyModule('src/features/diagrams/components/part-diagram-links.tsx', () =>
  import('@/features/diagrams/components/part-diagram-links').then((m) => m.PartDiagramLinks),
);
const OrderForm = lazyModule('src/features/orders/components/order-form.tsx', () =>
  import('@/features/orders/components/order-form').then((m) => m.OrderForm),
);

/** A visitor sees the part; ordering needs an account, and sign-in comes back here. */
function SignInToOrder() {
  const location = useLocation();
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <p className="text-slate-700">{shopTexts.signInToOrder}</p>
      <Link to="/login" state={{ from: location }} className={buttonStyles('primary', 'lg')}>
        Log in to order
      </Link>
    </div>
  );
}

/** /parts/:id — the part on its own page (public), with the form to order it (signed in). */
export function PartDetailRoute() {
  const { id = '' } = useParams();
  const query = usePart(id);
  const queryClient = useQueryClient();
  const vehicle = useActiveVehicle();
  const signedIn = useIsSignedIn();
  // Stock's exact count is for admins (known only in the browser: the server renders for anyone).
  const isAdmin = useCurrentUser().data?.role === 'admin';
  // An approved customer may order on account here too; until this answers, card is the way.
  const credit = useCreditStatus({ enabled: signedIn });
  const account = credit.data?.account ?? null;
  const notFound = query.isError && isApiError(query.error) && [400, 404].includes(query.error.status);
  const part = query.data;
  // Asked with the part (one server-render pass): its structured data ships as the settings say.
  const delivery = useDeliverySettings().data?.settings;

  useHttpStatus(notFound ? 404 : 200);
  useDocumentMeta(
    part?.name ?? (notFound ? 'Part not found' : 'Part'),
    part
      ? `${part.name} by ${part.brand}: ${part.description}`.slice(0, 160)
      : 'Part details, specifications and fitment at Pitstop Parts.',
    part
      ? {
          canonicalPath: `/parts/${part._id}`,
          image: shareableImageUrl(part.img),
          type: 'product',
          // Built on the server only: loaded there, so the browser's first load carries neither the
          // builders nor the delivery rules and return policy they state (~4 KB).
          jsonLd: async (origin) => {
            const { partBreadcrumbJsonLd, partProductJsonLd } =
              await import('@/features/parts/utils/part-structured-data');
            return [partProductJsonLd(part, origin, delivery), partBreadcrumbJsonLd(part, origin)];
          },
        }
      : {},
  );

  // Replaced by another part: on to the end of its chain of replacements, in place of this page in
  // the history (the server answers a rendered page's address with a 301 there).
  if (part?.supersededBy) return <Navigate to={partPath(part.supersededBy._id)} replace />;

  if (query.isPending) {
    return (
      <PageContainer>
        <PartDetailsSkeleton />
      </PageContainer>
    );
  }

  if (notFound) {
    return (
      <PageContainer>
        <div className="mx-auto flex max-w-xl flex-col items-center gap-5 py-16 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{shopTexts.partNotFound}</h1>
          <p className="text-lg text-slate-600">It may have been removed, or the link may be mistyped.</p>
          <Link to="/parts" className={buttonStyles('primary', 'lg')}>
            Browse all parts
          </Link>
        </div>
      </PageContainer>
    );
  }

  if (query.isError) {
    return (
      <PageContainer>
        <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Part details</h1>
        <QueryError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <Breadcrumb current={query.data.name} />
      <PartDetails
        part={query.data}
        vehicle={vehicle}
        showStockCount={isAdmin}
        numbers={
          query.data.numbers?.length ? (
            <Suspense>
              <PartNumbers numbers={query.data.numbers} />
            </Suspense>
          ) : null
        }
      >
        <AddToCartForm part={query.data}>
          {signedIn
            ? (quantity) => (
                <Suspense>
                  <OneClick part={query.data} quantity={quantity} offerSetUp />
                </Suspense>
              )
            : undefined}
        </AddToCartForm>
        {/* "See it on the diagram": the diagrams it is on, the rider's bike's first. */}
        <Suspense>
          <PartDiagramLinks partId={query.data._id} bike={vehicle} />
        </Suspense>
        {/* In stock: at least the minimum order left (no promise for a part one cannot order). */}
        <DeliveryPromise inStock={query.data.availablequantity >= Math.max(1, query.data.minquantity)} />
        {signedIn ? (
          <Suspense fallback={<Spinner label="Loading the order form" className="py-10" />}>
            <OrderForm
              part={query.data}
              creditLine={account ? { remaining: account.remaining } : null}
              // Stock changed: refetch this part, and let cached lists show the new quantity too.
              onStockChanged={() => void queryClient.invalidateQueries({ queryKey: partsKeys.all })}
              // What is left of the limit changed.
              onPlaced={(result) => {
                if (result.paymentMethod === 'account') void credit.refetch();
              }}
            />
          </Suspense>
        ) : (
          <SignInToOrder />
        )}
      </PartDetails>
      <div className="mt-12 border-t border-slate-200 pt-10">
        <ReviewList partId={query.data._id} />
      </div>
    </PageContainer>
  );
}
