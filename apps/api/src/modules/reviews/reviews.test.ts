import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '@pitstop/core/messages';
import { reviewTexts, type Review } from '@pitstop/core/reviews';
import { createPart } from '../../seed/factories.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS, placePaidOrder } from '../../test/orders.js';

const t = useTestApp();

async function photo(me: Customer): Promise<string> {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#345' } })
    .png()
    .toBuffer();
  const boundary = `b${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...bearer(me.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json().data.url;
}

/** A customer who bought the part: ordered and paid by card. */
async function buyer(partId: string): Promise<Customer> {
  const me = await signUp(t.app, { name: 'Review Rider' });
  await placePaidOrder(t.app, me, [{ partId, quantity: 1 }]);
  return me;
}

const post = (me: Customer, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/reviews', headers: bearer(me.token), payload: body });

describe('reviews', () => {
  it('a buyer reviews the part; the review shows, as text, and the rating becomes the real average', async () => {
    const part = await createPart(t.database.db);
    const unrated = (await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` })).json();
    expect(unrated).toMatchObject({ ratings: 0, reviewCount: 0 });
    // Answers that filter by rating, asked (and cached) before the reviews.
    const wellRated = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/parts?minRating=3.5&limit=100&q=${encodeURIComponent(part.name)}`,
          })
        ).json() as { _id: string }[]
      ).map((p) => p._id);
    const wellRatedFacets = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/parts/facets?minRating=3.5&q=${encodeURIComponent(part.name)}`,
        })
      ).json() as { inStock: number };
    expect(await wellRated()).not.toContain(part.id);
    const countedBefore = (await wellRatedFacets()).inStock;
    const a = await buyer(part.id);
    const b = await buyer(part.id);
    const first = await post(a, {
      email: a.email,
      name: 'Asha',
      descriptions: '<b>Great</b> pads, quiet.',
      img: await photo(a),
      rating: 5,
      productId: part.id,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().insertedId).toMatch(/^[0-9a-f-]{36}$/);
    await post(b, {
      email: b.email,
      name: 'Ben',
      descriptions: 'Fine.',
      img: await photo(b),
      rating: 2,
      productId: part.id,
    });

    const list = (
      await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}/reviews` })
    ).json() as Review[];
    expect(list.map((r) => r.name)).toEqual(['Ben', 'Asha']);
    expect(list[1]?.descriptions).toBe('<b>Great</b> pads, quiet.');
    const shown = (await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` })).json();
    expect(shown).toMatchObject({ ratings: 3.5, reviewCount: 2 });
    expect(await wellRated()).toContain(part.id);
    expect((await wellRatedFacets()).inStock).toBe(countedBefore + 1);
    const latest = (await t.app.inject({ method: 'GET', url: '/api/reviews?limit=1' })).json() as Review[];
    expect(latest).toHaveLength(1);
  });

  it('counts every review when several land at once', async () => {
    const part = await createPart(t.database.db);
    const buyers = await Promise.all([buyer(part.id), buyer(part.id), buyer(part.id)]);
    const imgs = await Promise.all(buyers.map(photo));
    const answers = await Promise.all(
      buyers.map((me, i) =>
        post(me, {
          email: me.email,
          name: `Rider ${i}`,
          descriptions: 'Together.',
          img: imgs[i],
          rating: [5, 4, 4][i],
          productId: part.id,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` })).json();
    expect(shown).toMatchObject({ ratings: 4.3, reviewCount: 3 });
  });

  it.each([
    [{ name: '' }, 'name', messages.nameRequired],
    [{ email: '' }, 'email', messages.emailRequired],
    [{ email: 'nope' }, 'email', messages.emailInvalid],
    [{ descriptions: '' }, 'descriptions', messages.descriptionsRequired],
    [{ img: '' }, 'img', messages.imgRequired],
    [{ rating: 0 }, 'rating', 'Choose a rating'],
  ])('refuses %o with the catalogue message', async (overrides, field, message) => {
    const part = await createPart(t.database.db);
    const me = await buyer(part.id);
    const res = await post(me, {
      email: me.email,
      name: 'N',
      descriptions: 'D',
      img: `/uploads/${'a'.repeat(64)}.webp`,
      rating: 4,
      productId: part.id,
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    const first = (res.json().errors as { field: string; message: string }[]).find((e) => e.field === field);
    expect(first?.message).toBe(message);
  });

  it('only a signed-in buyer of the part may review it, as themselves', async () => {
    const part = await createPart(t.database.db);
    const stranger = await signUp(t.app);
    const img = await photo(stranger);
    const body = { email: stranger.email, name: 'S', descriptions: 'D', img, rating: 4, productId: part.id };
    expect((await post(stranger, body)).statusCode).toBe(403);
    const me = await buyer(part.id);
    expect((await post(me, { ...body, email: stranger.email })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/reviews', payload: body })).statusCode).toBe(401);
  });

  it('one review per customer per part: a second submit edits the first, and the rating follows', async () => {
    const part = await createPart(t.database.db);
    const me = await buyer(part.id);
    const img = await photo(me);
    const body = {
      email: me.email,
      name: 'Rider',
      descriptions: 'Squeaky.',
      img,
      rating: 2,
      productId: part.id,
    };
    const first = await post(me, body);
    expect(first.statusCode).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/reviews/mine?part=${part.id}`,
      headers: bearer(me.token),
    });
    expect(mine.json()).toMatchObject({
      eligible: true,
      review: { _id: first.json().insertedId, rating: 2 },
    });

    const second = await post(me, { ...body, descriptions: 'Bedded in, quiet now.', rating: 5 });
    expect(second.json()).toEqual({ insertedId: first.json().insertedId });
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}/reviews` })
    ).json() as Review[];
    expect(list.map((r) => [r.descriptions, r.rating])).toEqual([['Bedded in, quiet now.', 5]]);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/parts/${part.id}` })).json();
    expect(shown).toMatchObject({ ratings: 5, reviewCount: 1 });
  });

  it('is offered only for parts of a paid order: not unpaid, not cancelled', async () => {
    const part = await createPart(t.database.db, { availablequantity: 50 });
    const me = await signUp(t.app);
    const img = await photo(me);
    await t.app.inject({
      method: 'PUT',
      url: `/api/cart/items/${part.id}`,
      headers: bearer(me.token),
      payload: { quantity: 1 },
    });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(me.token),
      payload: { address: DELIVERY_ADDRESS, payment: 'card' },
    });
    const orderId = placed.json().insertedId as string;
    const body = { email: me.email, name: 'R', descriptions: 'D', img, rating: 4, productId: part.id };

    const unpaid = await post(me, body);
    expect(unpaid.statusCode).toBe(403);
    expect(unpaid.json().detail).toBe(reviewTexts.notBought);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/reviews/mine?part=${part.id}`,
      headers: bearer(me.token),
    });
    expect(mine.json()).toEqual({ review: null, eligible: false });

    await t.app.inject({ method: 'POST', url: `/api/order/${orderId}/cancel`, headers: bearer(me.token) });
    expect((await post(me, body)).statusCode).toBe(403);
  });
});
