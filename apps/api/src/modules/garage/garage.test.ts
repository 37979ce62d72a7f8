import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GARAGE_MAX, type GarageVehicle } from '@pitstop/core/fitment';
import { vehicleModels } from '../vehicles/vehicles-data.js';
import { bearer, signUp } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const r15 = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };
const hness = { year: 2021, make: 'Honda', model: "CB350 H'ness" };

async function call(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: `/api/garage${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as GarageVehicle[] & { errors?: { field: string }[] } };
}

describe('garage', () => {
  it('asks visitors to log in', async () => {
    for (const [method, url] of [
      ['GET', '/api/garage'],
      ['POST', '/api/garage'],
      ['DELETE', '/api/garage/6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab'],
      ['PUT', '/api/garage/6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab/active'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? r15 : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('keeps several bikes, the newest added active, one active at a time', async () => {
    const { token } = await signUp(t.app);
    expect((await call(token, 'GET', '')).body).toEqual([]);
    const first = await call(token, 'POST', '', r15);
    expect(first.status).toBe(200);
    expect(first.body).toEqual([expect.objectContaining({ ...r15, active: true })]);
    const second = await call(token, 'POST', '', hness);
    expect(second.body.map((v) => [v.model, v.active])).toEqual([
      [hness.model, true],
      [r15.model, false],
    ]);
    // Adding a bike already there makes it active without a duplicate.
    const again = await call(token, 'POST', '', r15);
    expect(again.body).toHaveLength(2);
    expect(again.body[0]).toMatchObject({ ...r15, active: true });
    const hnessId = again.body.find((v) => v.model === hness.model)!.id;
    const switched = await call(token, 'PUT', `/${hnessId}/active`);
    expect(switched.body.filter((v) => v.active).map((v) => v.model)).toEqual([hness.model]);
    // Removing the active bike hands "active" to the one left.
    const removed = await call(token, 'DELETE', `/${hnessId}`);
    expect(removed.body).toEqual([expect.objectContaining({ ...r15, active: true })]);
  });

  it('accepts only bikes from the vehicle list, with the field named', async () => {
    const { token } = await signUp(t.app);
    const unknown = await call(token, 'POST', '', { year: 2019, make: 'Yamaha', model: 'Imaginary 9000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toBe('model');
    const noYear = await call(token, 'POST', '', { make: 'Yamaha', model: 'YZF-R15 V3' });
    expect(noYear.status).toBe(400);
    expect(noYear.body.errors?.[0]?.field).toBe('year');
  });

  it('holds at most GARAGE_MAX bikes', async () => {
    const { token } = await signUp(t.app);
    const bikes = vehicleModels
      .slice(0, GARAGE_MAX + 1)
      .map((m) => ({ year: m.yearTo, make: m.make, model: m.model }));
    for (const bike of bikes.slice(0, GARAGE_MAX))
      expect((await call(token, 'POST', '', bike)).status).toBe(200);
    const full = await call(token, 'POST', '', bikes[GARAGE_MAX]);
    expect(full.status).toBe(409);
  });

  it("never shows or changes another customer's bikes", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const [bike] = (await call(owner.token, 'POST', '', r15)).body;
    expect((await call(other.token, 'GET', '')).body).toEqual([]);
    expect((await call(other.token, 'PUT', `/${bike!.id}/active`)).status).toBe(404);
    expect((await call(other.token, 'DELETE', `/${bike!.id}`)).status).toBe(404);
    expect((await call(owner.token, 'GET', '')).body).toHaveLength(1);
  });

  it('merges two tabs adding at once into one garage with one active bike', async () => {
    const { token } = await signUp(t.app);
    const bikes = vehicleModels.slice(0, 6).map((m) => ({ year: m.yearFrom, make: m.make, model: m.model }));
    const answers = await Promise.all(bikes.map((bike) => call(token, 'POST', '', bike)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const garage = (await call(token, 'GET', '')).body;
    expect(garage).toHaveLength(6);
    expect(garage.filter((v) => v.active)).toHaveLength(1);
  });
});
