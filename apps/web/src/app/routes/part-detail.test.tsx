import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import { messages, shopTexts } from '@pitstop/core/messages';
import { oneClickTexts } from '@pitstop/core/one-click';
import { getLocalCart } from '@/features/cart/stores/local-cart';
import { createProfile } from '@/testing/account-factory';
import { mockApi } from '@/testing/api';
import { createPart } from '@/testing/part-factory';
import { createReview } from '@/testing/review-factory';
import { jsonResponse, mockFetch, problemResponse } from '@/testing/render';
import { renderWithProviders } from '@/testing/render';
import { PartDetailRoute } from './part-detail';

describe('PartDetailRoute', () => {
  it('shows the part with its buying facts, specifications and fitment', async () => {
    const part = createPart({
      name: 'Honda CB350 Rear Alloy Wheel',
      price: 249.99,
      availablequantity: 50,
      minquantity: 1,
      specifications: [{ key: 'Rim size', value: '18 x 3.00 in' }],
      fitment: [
        {
          make: 'Honda',
          model: "CB350 H'ness",
          yearFrom: 2021,
          yearTo: 2025,
          position: 'rear',
          quantity: 1,
          note: null,
        },
      ],
    });
    const api = mockApi({
      [`GET /api/parts/${part._id}`]: () => jsonResponse(part),
      [`GET /api/parts/${part._id}/reviews`]: () => jsonResponse([]),
      'GET /api/me': () => jsonResponse(createProfile()),
    });
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    expect(screen.getByRole('status', { name: 'Loading part' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: part.name })).toBeTruthy();
    expect(api.spy.mock.calls[0]?.[0]).toBe(`/api/parts/${part._id}`);
    expect(screen.getByText('$249.99')).toBeTruthy();
    // Stock in words, not the count (an admin sees that); no minimum for a part sold singly.
    expect(screen.getByText('Availability').nextElementSibling?.textContent).toBe('In stock');
    expect(screen.queryByText(/Minimum order/)).toBeNull();
    expect(screen.getByRole('row', { name: 'Rim size 18 x 3.00 in' })).toBeTruthy();
    // Fitment is grouped by bike; each row gives years, position, quantity per bike and note.
    expect(screen.getByRole('rowheader', { name: "Honda CB350 H'ness — 2021–2025" })).toBeTruthy();
    expect(screen.getByRole('row', { name: '2021–2025 Rear 1 None' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${part.name} | Pitstop Parts`));
  });

  it('shows a visitor the part and a way to log in to order it', async () => {
    const part = createPart({ name: 'Bajaj Pulsar NS200 Chain Kit', price: 89.5 });
    mockApi({
      [`GET /api/parts/${part._id}`]: () => jsonResponse(part),
      [`GET /api/parts/${part._id}/reviews`]: () => jsonResponse([]),
    });
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    expect(await screen.findByRole('heading', { level: 1, name: part.name })).toBeTruthy();
    expect(screen.getByText('$89.50')).toBeTruthy();
    expect(screen.getByText(shopTexts.signInToOrder)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to order' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });

  it("lets a visitor put the part in the browser's cart, within the minimum and the stock", async () => {
    const part = createPart({ name: 'Bajaj Pulsar NS200 Chain Kit', availablequantity: 6, minquantity: 2 });
    mockApi({
      [`GET /api/parts/${part._id}`]: () => jsonResponse(part),
      [`GET /api/parts/${part._id}/reviews`]: () => jsonResponse([]),
    });
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    const form = await screen.findByRole('form', { name: cartPageTexts.addToCart });
    const box = within(form).getByRole('spinbutton', {
      name: cartPageTexts.quantityLabel,
    }) as HTMLInputElement;
    expect(box.value).toBe('2');
    fireEvent.change(box, { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: cartPageTexts.addToCart }));
    expect(await within(form).findByText(messages.quantityAboveAvailable)).toBeTruthy();
    fireEvent.change(box, { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: cartPageTexts.addToCart }));
    expect(await within(form).findByText(cartPageTexts.addedNow(4, part.name, 4))).toBeTruthy();
    expect(getLocalCart().map((item) => [item.partId, item.quantity])).toEqual([[part._id, 4]]);
    // Buy Now's way is still there: a visitor is asked to log in to order.
    expect(screen.getByRole('link', { name: 'Log in to order' })).toBeTruthy();
  });

  it('says the minimum order above 1, and shows the exact stock to an admin only', async () => {
    window.localStorage.setItem('accessToken', 'admin-key');
    const part = createPart({ name: 'Suzuki Clutch Plates', availablequantity: 1900, minquantity: 5 });
    mockApi({
      [`GET /api/parts/${part._id}`]: () => jsonResponse(part),
      [`GET /api/parts/${part._id}/reviews`]: () => jsonResponse([]),
      'GET /api/me': () => jsonResponse(createProfile({ role: 'admin' })),
    });
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    expect(await screen.findByText('Minimum order 5')).toBeTruthy();
    const availability = screen.getByText('Availability').nextElementSibling;
    await waitFor(() => expect(availability?.textContent).toBe('In stock · 1,900 available'));
  });

  it("shows the part's reviews under it", async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const part = createPart({ name: 'Hero Splendor Shock Absorber' });
    mockApi({
      [`GET /api/parts/${part._id}`]: () => jsonResponse(part),
      [`GET /api/parts/${part._id}/reviews`]: () =>
        jsonResponse([
          createReview({ name: 'Sam Biker', descriptions: 'Smooth ride now.', productId: part._id }),
        ]),
      'GET /api/me': () => jsonResponse(createProfile()),
    });
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    const reviews = await screen.findByRole('region', { name: 'Customer reviews' });
    expect(await within(reviews).findByText('Smooth ride now.')).toBeTruthy();
    expect(within(reviews).getByRole('img', { name: 'Photo from Sam Biker' })).toBeTruthy();
  });

  it('keeps the part on screen when its reviews fail to load', async () => {
    const part = createPart({ name: 'TVS Apache Wheel' });
    mockApi({
      [`GET /api/parts/${part._id}`]: () => jsonResponse(part),
      [`GET /api/parts/${part._id}/reviews`]: () => problemResponse(500, 'Internal Server Error', 'Boom'),
      'GET /api/me': () => jsonResponse(createProfile()),
    });
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    const reviews = await screen.findByRole('region', { name: 'Customer reviews' });
    expect((await within(reviews).findByRole('alert')).textContent).toContain(shopTexts.loadFailed);
    expect(screen.getByRole('heading', { level: 1, name: part.name })).toBeTruthy();
  });

  it.each([404, 400])('shows the not-found message for a %i answer', async (status) => {
    mockFetch(() => problemResponse(status, 'Not Found', 'No such part'));
    renderWithProviders(<PartDetailRoute />, { route: '/parts/nope', path: '/parts/:id' });

    expect(await screen.findByRole('heading', { level: 1, name: shopTexts.partNotFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all parts' }).getAttribute('href')).toBe('/parts');
    expect(screen.queryByRole('button', { name: shopTexts.retry })).toBeNull();
  });

  it('offers "Try again" for a server failure', async () => {
    mockFetch(() => problemResponse(500, 'Internal Server Error', 'Something broke'));
    renderWithProviders(<PartDetailRoute />, { route: '/parts/abc', path: '/parts/:id' });

    expect((await screen.findByRole('alert')).textContent).toContain(shopTexts.loadFailed);
    expect(screen.getByRole('button', { name: shopTexts.retry })).toBeTruthy();
  });

  it('shows the order form beside the part, and refetches the part once an order is booked', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    let part = createPart({ name: 'Bajaj Pulsar Headlight', availablequantity: 9, minquantity: 1 });
    const api = mockApi({
      [`GET /api/parts/${part._id}`]: () => jsonResponse(part),
      'GET /api/me': () => jsonResponse(createProfile({ name: 'Riley Rider', email: 'rider@pitstop.com' })),
      [`GET /api/parts/${part._id}/reviews`]: () => jsonResponse([]),
      // The customer's last delivery address is offered again.
      'GET /api/me/address': () =>
        jsonResponse({
          address: {
            name: 'Riley Rider',
            street: '500 Howard St',
            city: 'San Francisco',
            state: 'CA',
            zip: '94105',
            phone: '(415) 555-0134',
          },
        }),
      'POST /api/order': (_url, init) => {
        part = { ...part, availablequantity: 4 };
        const body = JSON.parse(String(init?.body)) as { address: unknown };
        return jsonResponse({
          insertedId: 'order-1',
          orderNumber: 'PS-10482',
          subtotal: 50,
          tax: 3.63,
          total: 53.63,
          lines: [],
          address: body.address,
          paymentMethod: 'card',
          expiresAt: '2026-12-23T15:30:00.000Z',
          paymentDueAt: null,
        });
      },
    });
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    const form = await screen.findByRole('region', { name: 'Order this part' });
    const partName = (await within(form).findByLabelText('Part name')) as HTMLInputElement;
    expect(partName.value).toBe('Bajaj Pulsar Headlight');
    expect((within(form).getByLabelText('Street address') as HTMLInputElement).value).toBe('500 Howard St');
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '(415) 555-0100' } });
    fireEvent.change(within(form).getByLabelText('Quantity'), { target: { value: '5' } });
    const placeOrder = within(form).getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;
    await waitFor(() => expect(placeOrder.disabled).toBe(false));

    fireEvent.click(placeOrder);

    expect(await within(form).findByText(messages.orderBooked)).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Pay now for order PS-10482' }).getAttribute('href')).toBe(
      '/payment/order-1',
    );
    await waitFor(() =>
      expect(screen.getByText('Availability').nextElementSibling?.textContent).toBe('Only 4 left'),
    );
    expect(api.callsTo(`GET /api/parts/${part._id}`)).toHaveLength(2);
  });

  it('offers 1-Click beside Add to cart for the quantity in the box, when the customer is ready for it', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const part = createPart({ name: 'Bajaj Pulsar Headlight', availablequantity: 9, minquantity: 2 });
    const address = {
      name: 'Riley Rider',
      street: '500 Howard St',
      city: 'San Francisco',
      state: 'CA',
      zip: '94105',
      phone: '(415) 555-0134',
    };
    const api = mockApi({
      [`GET /api/parts/${part._id}`]: () => jsonResponse(part),
      [`GET /api/parts/${part._id}/reviews`]: () => jsonResponse([]),
      'GET /api/me': () => jsonResponse(createProfile()),
      'GET /api/me/address': () => jsonResponse({ address }),
      'GET /api/cards': () =>
        jsonResponse({
          cards: [
            { id: 'c1', provider: 'sandbox', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 },
          ],
          oneClickEnabled: true,
          oneClickReady: true,
        }),
      'GET /api/addresses': () => jsonResponse({ addresses: [{ ...address, id: 'a1', isDefault: true }] }),
      'POST /api/orders/one-click': () => problemResponse(402, 'Payment Required', oneClickTexts.declined),
    });
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    const form = await screen.findByRole('form', { name: cartPageTexts.addToCart });
    const buy = await within(form).findByRole('button', {
      name: 'Buy Bajaj Pulsar Headlight now with 1-Click',
    });
    expect(
      await within(form).findByText('Ships to 500 Howard St, paid with Visa ending in 4242.'),
    ).toBeTruthy();
    fireEvent.change(within(form).getByRole('spinbutton'), { target: { value: '4' } });

    fireEvent.click(buy);

    expect((await within(form).findByRole('alert')).textContent).toBe(oneClickTexts.declined);
    expect(JSON.parse(String(api.callsTo('POST /api/orders/one-click')[0]?.init?.body))).toEqual({
      partId: part._id,
      quantity: 4,
    });
  });

  it("says whether the part fits the rider's active bike", async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const part = createPart({
      name: "Honda CB350 H'ness Rear Alloy Wheel",
      category: 'wheels',
      fitment: [
        {
          make: 'Honda',
          model: "CB350 H'ness",
          yearFrom: 2021,
          yearTo: 2025,
          position: 'rear',
          quantity: 1,
          note: null,
        },
      ],
    });
    mockApi({
      [`GET /api/parts/${part._id}`]: () => jsonResponse(part),
      [`GET /api/parts/${part._id}/reviews`]: () => jsonResponse([]),
      'GET /api/me': () => jsonResponse(createProfile()),
      'GET /api/garage': () =>
        jsonResponse([
          {
            id: '00000000-0000-4000-8000-000000000001',
            year: 2019,
            make: 'Yamaha',
            model: 'YZF-R15 V3',
            active: true,
          },
        ]),
    });
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    const warning = await screen.findByText(/^Does not fit your 2019 Yamaha YZF-R15 V3/);
    expect(
      within(warning.closest('p')!).getByRole('link', { name: 'see parts that fit' }).getAttribute('href'),
    ).toBe('/parts?year=2019&make=Yamaha&model=YZF-R15+V3&category=wheels');
  });
});
