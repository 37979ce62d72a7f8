import { describe, expect, it } from 'vitest';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import { cartKeys, type Cart } from '@/lib/cart';
import { jsonBodyOf } from '@/testing/form';
import { fakeServerCart, localLine, seedLocalCart } from '@/testing/cart';
import { createPart } from '@/testing/part-factory';
import { createTestQueryClient, mockFetch, problemResponse } from '@/testing/render';
import { getLocalCart, getRefusedLines } from '../stores/local-cart';
import { mergeLocalCart } from './merge-local-cart';

const pads = createPart({ name: 'Brake pads', availablequantity: 10, minquantity: 2 });
const chain = createPart({ name: 'Chain kit', availablequantity: 4, minquantity: 1 });
const filter = createPart({ name: 'Oil filter', availablequantity: 30, minquantity: 1 });

describe('merging the browser cart into the account at sign-in', () => {
  it("PUTs each line with the account's quantity added, capped at the stock, and clears the browser", async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    // The account already holds 3 chain kits and 2 pads; the browser adds 3 more kits, 2 pads, 1 filter.
    const server = fakeServerCart(
      [pads, chain, filter],
      [
        { partId: chain._id, quantity: 3 },
        { partId: pads._id, quantity: 2 },
      ],
    );
    seedLocalCart([localLine(filter, 1), localLine(pads, 2), localLine(chain, 3)]);
    const queryClient = createTestQueryClient();

    const reported = await mergeLocalCart(queryClient);

    const puts = [chain, pads, filter].map((p) => server.callsTo(`PUT /api/cart/items/${p._id}`));
    expect(puts.map((calls) => calls.map(({ init }) => jsonBodyOf(init)))).toEqual([
      [{ quantity: 4 }], // 3 + 3, but only 4 in stock
      [{ quantity: 4 }],
      [{ quantity: 1 }],
    ]);
    expect(server.lines()).toEqual([
      { partId: chain._id, quantity: 4 },
      { partId: pads._id, quantity: 4 },
      { partId: filter._id, quantity: 1 },
    ]);
    expect(getLocalCart()).toEqual([]);
    // The lowered line is reported, not silently changed.
    expect(reported).toEqual([{ partId: chain._id, name: 'Chain kit', reason: cartPageTexts.reduced(4) }]);
    expect(getRefusedLines()).toEqual(reported);
    expect(queryClient.getQueryData<Cart>(cartKeys.server())?.items.map((i) => i.quantity)).toEqual([
      4, 4, 1,
    ]);
  });

  it('reports a line the account refuses (a part gone, a quantity out of range) and moves the rest', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const gone = createPart({ name: 'Discontinued mirror' });
    const shrunk = createPart({ name: 'Clutch cable', availablequantity: 1, minquantity: 1 });
    // The part page showed 5 in stock; only 1 is left, and it is not in the account's cart.
    const server = fakeServerCart([pads, shrunk]);
    seedLocalCart([localLine(pads, 2), localLine(gone, 1), { ...localLine(shrunk, 3), available: 5 }]);

    const reported = await mergeLocalCart(createTestQueryClient());

    expect(server.lines()).toEqual([{ partId: pads._id, quantity: 2 }]);
    expect(reported).toEqual([
      { partId: shrunk._id, name: 'Clutch cable', reason: 'Only 1 of Clutch cable are left.' },
      { partId: gone._id, name: 'Discontinued mirror', reason: cartPageTexts.refusedGone },
    ]);
    expect(getRefusedLines()).toEqual(reported);
    expect(getLocalCart()).toEqual([]);
  });

  it('keeps the lines not yet moved when the shop cannot be reached, and never adds one twice', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const server = fakeServerCart([pads, chain]);
    seedLocalCart([localLine(chain, 1), localLine(pads, 2)]);
    // The pads go through; the chain kit's PUT meets a dead network.
    const realFetch = server.spy.getMockImplementation()!;
    server.spy.mockImplementation(async (input, init) => {
      if (String(input).endsWith(chain._id) && init?.method === 'PUT') throw new TypeError('Failed to fetch');
      return realFetch(input, init);
    });

    await expect(mergeLocalCart(createTestQueryClient())).rejects.toMatchObject({ status: 0 });
    expect(server.lines()).toEqual([{ partId: pads._id, quantity: 2 }]);
    expect(getLocalCart().map((item) => item.name)).toEqual(['Chain kit']);

    server.spy.mockImplementation(realFetch);
    await mergeLocalCart(createTestQueryClient());
    expect(server.lines()).toEqual([
      { partId: pads._id, quantity: 2 },
      { partId: chain._id, quantity: 1 },
    ]);
    expect(getLocalCart()).toEqual([]);
  });

  it('leaves the browser cart alone when the account cart cannot be read', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    mockFetch(() => problemResponse(503, 'Service Unavailable', 'Down for a moment'));
    seedLocalCart([localLine(pads, 2)]);
    await expect(mergeLocalCart(createTestQueryClient())).rejects.toMatchObject({ status: 503 });
    expect(getLocalCart().map((item) => item.name)).toEqual(['Brake pads']);
  });
});
