import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicles } from '../../db/schema.js';
import { vehicleYears } from './vehicles-data.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { syncVehicleList } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const count = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(vehicles))[0]?.n ?? 0;

describe('syncVehicleList', () => {
  it('leaves a complete table alone', async () => {
    expect(await count()).toBe(vehicleYears().length);
    expect(await syncVehicleList(t.database.db)).toBe(0);
  });

  it('adds a model year the table lacks even when the number of rows is the same (a rename)', async () => {
    const [first] = vehicleYears();
    const db = t.database.db;
    await db
      .delete(vehicles)
      .where(
        and(eq(vehicles.year, first!.year), eq(vehicles.make, first!.make), eq(vehicles.model, first!.model)),
      );
    await db.insert(vehicles).values({ ...first!, model: `${first!.model} (old name)` });
    expect(await count()).toBe(vehicleYears().length);

    expect(await syncVehicleList(db)).toBe(1);
    const back = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(
        and(eq(vehicles.year, first!.year), eq(vehicles.make, first!.make), eq(vehicles.model, first!.model)),
      );
    expect(back).toHaveLength(1);
  });
});
