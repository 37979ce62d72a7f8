import { Route } from 'react-router';
import type { AddressEntry } from '@pitstop/core/address-book';
import type { CreditStatus } from '@pitstop/core/credit';
import { CheckoutRoute } from '@/app/routes/checkout';
import type { Cart } from '@/lib/cart';
import { mockApi } from './api';
import { jsonResponse, renderWithProviders } from './render';

export type ApiRoutes = Parameters<typeof mockApi>[0];

const NO_CREDIT: CreditStatus = { application: null, account: null };

/**
 * The checkout page, signed in, with the reads it makes answered (the cart, tax rates, the
 * address book and its default, credit) and `routes` over them; the pages it leads to (payment,
 * My Orders, the cart) stand as headings.
 */
export function renderCheckoutRoute(
  routes: ApiRoutes,
  { cart, book, credit = NO_CREDIT }: { cart: Cart; book: AddressEntry[]; credit?: CreditStatus },
) {
  window.localStorage.setItem('accessToken', 'rider-key');
  const api = mockApi({
    'GET /api/credit': () => jsonResponse(credit),
    'GET /api/cart': () => jsonResponse(cart),
    'GET /api/tax-rates': () => jsonResponse({ rates: { CA: 7.25, NY: 4 } }),
    'GET /api/addresses': () => jsonResponse({ addresses: book }),
    'GET /api/me/address': () => jsonResponse({ address: book[0] ?? null }),
    ...routes,
  });
  const result = renderWithProviders(<CheckoutRoute />, {
    route: '/checkout',
    path: '/checkout',
    routes: (
      <>
        <Route path="/payment/:id" element={<h1>Payment</h1>} />
        <Route path="/order" element={<h1>My Orders</h1>} />
        <Route path="/cart" element={<h1>Your cart</h1>} />
      </>
    ),
  });
  return { api, ...result };
}
