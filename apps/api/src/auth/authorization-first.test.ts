import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../test/accounts.js';
import { createTestApp, type TestApp } from '../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// Bodies and ids no route would accept: validation would answer 400 if it ran first.
const BAD = { nonsense: true, quantity: 'many' };
const BAD_ID = 'not-a-uuid';

const signedInRoutes: [string, string][] = [
  ['POST', '/api/order'],
  ['POST', '/api/checkout'],
  ['PUT', `/api/cart/items/${BAD_ID}`],
  ['POST', '/api/garage'],
  ['POST', `/api/order/${BAD_ID}/cancel`],
  ['POST', '/api/reviews'],
];
const adminRoutes: [string, string][] = [
  ['POST', '/api/parts'],
  ['PUT', `/api/parts/${BAD_ID}`],
  ['PATCH', `/api/order/${BAD_ID}/status`],
];

describe('who may ask is checked before what was asked', () => {
  it('answers 401 to an anonymous request, whatever its body', async () => {
    for (const [method, url] of [...signedInRoutes, ...adminRoutes]) {
      const res = await t.app.inject({ method: method as 'POST', url, payload: BAD });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('answers 403 to a customer on an admin route, whatever its body', async () => {
    const customer = await signUp(t.app);
    for (const [method, url] of adminRoutes) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        payload: BAD,
        headers: bearer(customer.token),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('still validates a signed-in request', async () => {
    const customer = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: BAD,
      headers: bearer(customer.token),
    });
    expect(res.statusCode).toBe(400);
  });
});
