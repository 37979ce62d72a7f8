import { and, count, desc, eq, sql } from 'drizzle-orm';
import { GARAGE_MAX, garageTexts, type GarageVehicle, type Vehicle } from '@pitstop/core/fitment';
import type { Db } from '../../db/client.js';
import { garageVehicles, type GarageVehicleRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { isKnownVehicle } from '../vehicles/service.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function toVehicle(row: GarageVehicleRow): GarageVehicle {
  return { id: row.id, year: row.year, make: row.make, model: row.model, active: row.active };
}

/** The active bike first, then the most recently used. */
export async function listGarage(db: Db | Tx, userId: string): Promise<GarageVehicle[]> {
  const rows = await db
    .select()
    .from(garageVehicles)
    .where(eq(garageVehicles.userId, userId))
    .orderBy(desc(garageVehicles.active), desc(garageVehicles.updatedAt), desc(garageVehicles.id));
  return rows.map(toVehicle);
}

/**
 * Garage changes for one customer run one at a time (two tabs merging a visitor garage at
 * once), so "one active bike" and "at most GARAGE_MAX" hold without a retry loop.
 */
async function forCustomer<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`garage:${userId}`}))`);
    return work(tx);
  });
}

async function makeActive(tx: Tx, userId: string, id: string): Promise<void> {
  await tx
    .update(garageVehicles)
    .set({ active: false })
    .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.active, true)));
  await tx
    .update(garageVehicles)
    .set({ active: true, updatedAt: new Date() })
    .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.id, id)));
}

/** Adds a bike (or finds it already there) and makes it the active one. */
export async function addToGarage(db: Db, userId: string, bike: Vehicle): Promise<GarageVehicle[]> {
  if (!(await isKnownVehicle(db, bike))) {
    throw new AppError('invalid', 'We do not know that bike.', [
      { field: 'model', message: 'Choose a bike from the list' },
    ]);
  }
  return forCustomer(db, userId, async (tx) => {
    const [existing] = await tx
      .select({ id: garageVehicles.id })
      .from(garageVehicles)
      .where(
        and(
          eq(garageVehicles.userId, userId),
          eq(garageVehicles.year, bike.year),
          eq(garageVehicles.make, bike.make),
          eq(garageVehicles.model, bike.model),
        ),
      );
    let id = existing?.id;
    if (!id) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(garageVehicles)
        .where(eq(garageVehicles.userId, userId));
      if (n >= GARAGE_MAX) throw new AppError('conflict', garageTexts.full);
      const [row] = await tx
        .insert(garageVehicles)
        .values({ userId, year: bike.year, make: bike.make, model: bike.model })
        .returning({ id: garageVehicles.id });
      id = row!.id;
    }
    await makeActive(tx, userId, id);
    return listGarage(tx, userId);
  });
}

export async function activateInGarage(db: Db, userId: string, id: string): Promise<GarageVehicle[]> {
  return forCustomer(db, userId, async (tx) => {
    const [row] = await tx
      .select({ id: garageVehicles.id })
      .from(garageVehicles)
      .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.id, id)));
    // Another customer's bike reads as absent: ids are not a way to learn about other garages.
    if (!row) throw new AppError('not_found', garageTexts.notFound);
    await makeActive(tx, userId, id);
    return listGarage(tx, userId);
  });
}

/** Removes a bike; when it was the active one, the most recently used bike left takes over. */
export async function removeFromGarage(db: Db, userId: string, id: string): Promise<GarageVehicle[]> {
  return forCustomer(db, userId, async (tx) => {
    const [removed] = await tx
      .delete(garageVehicles)
      .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.id, id)))
      .returning();
    if (!removed) throw new AppError('not_found', garageTexts.notFound);
    if (removed.active) {
      const [next] = await listGarage(tx, userId);
      if (next) await makeActive(tx, userId, next.id);
    }
    return listGarage(tx, userId);
  });
}
