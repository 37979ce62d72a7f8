import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Part, PartFacets } from '@pitstop/core/parts';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { busLabel, useTwoProcesses } from '../../test/app.js';
import { partBody } from '../../test/catalogue.js';

/*
 * An admin adds, edits and deletes a part through one process; the other process's search and
 * facets show the change on the very next request, and neither reads the whole catalogue again
 * (decision 027, Leftovers: the catalogue index adds and removes parts in place). Two instances
 * on one database stand for two processes (sharing REDIS_URL when set, else an in-memory bus).
 */
describe(`a part added, edited or deleted, seen by every process (${busLabel})`, () => {
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: Customer;

  const two = useTwoProcesses();
  beforeAll(async () => {
    ({ a, b, database } = two);
    for (let i = 0; i < 6; i++) await createPart(database.db, { name: `Zebra Spare ${i}` });
    admin = await signUp(a);
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  });

  const ids = async (app: FastifyInstance, query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/parts?limit=100&${query}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as Part[]).map((p) => p._id);
  };
  const facets = async (app: FastifyInstance, query: string) =>
    (await app.inject({ method: 'GET', url: `/api/parts/facets?${query}` })).json() as PartFacets;
  const countOf = (list: { value: string; count: number }[], value: string) =>
    list.find((f) => f.value === value)?.count ?? 0;
  const write = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await a.inject({
      method,
      url,
      headers: bearer(admin.token),
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('shows an added part at once, an edit’s new name and fitment, and a deleted part gone', async () => {
    const shine = 'make=Honda&model=CB%20Shine&year=2020';
    const fz = 'make=Yamaha&model=FZ-S&year=2021';
    // Both processes have their index ready before the changes.
    for (const app of [a, b]) {
      expect(await ids(app, 'q=zebra')).toHaveLength(6);
      await ids(app, shine);
      await ids(app, fz);
      await facets(app, 'q=zebra');
    }
    const loads = [a, b].map((app) =>
      vi.spyOn(app.catalogueIndex as unknown as { load: () => Promise<unknown> }, 'load'),
    );

    const body = partBody({
      name: 'Zebra Brake Lever',
      brand: 'Honda',
      category: 'brake-pads',
      fitment: [{ make: 'Honda', model: 'CB Shine', yearFrom: 2018, yearTo: 2024 }],
    });
    const { insertedId: id } = (await write('POST', '/api/parts', body)) as { insertedId: string };
    for (const app of [a, b]) {
      expect(await ids(app, 'q=zebra')).toContain(id);
      expect(await ids(app, `q=brake%20lever&${shine}`)).toEqual([id]);
      expect(countOf((await facets(app, 'q=lever')).brand, 'Honda')).toBe(1);
      expect(countOf((await facets(app, `q=lever&${shine}`)).category, 'brake-pads')).toBe(1);
    }

    // Edited: a new name and another bike.
    await write('PUT', `/api/parts/${id}`, {
      ...body,
      name: 'Quokka Brake Lever',
      fitment: [{ make: 'Yamaha', model: 'FZ-S', yearFrom: 2019, yearTo: 2023 }],
    });
    for (const app of [a, b]) {
      expect(await ids(app, 'q=quokka')).toEqual([id]);
      expect(await ids(app, 'q=zebra')).not.toContain(id);
      expect(await ids(app, shine)).not.toContain(id);
      expect(await ids(app, fz)).toContain(id);
    }

    await write('DELETE', `/api/parts/${id}`);
    for (const app of [a, b]) {
      expect(await ids(app, 'q=quokka')).toEqual([]);
      expect(await ids(app, fz)).not.toContain(id);
      expect(countOf((await facets(app, 'q=lever')).brand, 'Honda')).toBe(0);
      expect((await app.inject({ method: 'GET', url: '/api/search/suggest?q=quokka' })).json().parts).toEqual(
        [],
      );
    }
    // No process read the whole catalogue again.
    for (const spy of loads) expect(spy).not.toHaveBeenCalled();
  });
});
