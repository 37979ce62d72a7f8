import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAllOrders } from '../modules/orders/service.js';
import { createTestDatabase } from '../test/app.js';
import { migrateDatabase, migrationsFolder, type Database } from './client.js';
import { orderLines, orders } from './schema.js';

/** The migrations up to and including `lastTag`, in a folder of their own. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const dir = path.join(os.tmpdir(), `pitstop-migrations-${randomUUID()}`);
  await fs.cp(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/** Both drivers answer raw SQL with `rows`; the shared Db type does not say so. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describe('migration 0006: orders with lines', () => {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    folder = await migrationsUpTo('0005_honest_ratings');
    database = await createTestDatabase({ migrationsFolder: folder });
  });
  afterAll(async () => {
    await database?.close();
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('turns every existing order into one line, changing nothing about the order', async () => {
    const db = database.db;
    // Orders as the shop kept them before lines: the part, its name, price and quantity on the order.
    const [part] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into parts (name, seller, price_cents, img, description, stock, available_quantity, brand, category, part_number)
        values ('Old Pads', 'Old Supply', 2599, '/images/parts/brake-pads.svg', 'Pads.', 10, 7, 'Yamaha', 'brake-pads', 'OLD-1')
        returning id`),
    );
    const paidAt = new Date('2026-02-03T04:05:06.000Z');
    const createdAt = new Date('2026-02-01T00:00:00.000Z');
    const old = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into orders (email, name, num, parts, part_id, quantity, unit_price_cents, total_cents, status, transaction_id, paid_at, created_at)
        values
          ('old@example.com', 'Old Rider', '555-0100', 'Old Pads', ${part?.id}, 3, 2599, 7797, 'paid', 'pi_old', ${paidAt.toISOString()}, ${createdAt.toISOString()}),
          ('old@example.com', 'Old Rider', '555-0100', 'A Deleted Part', null, 1, 1250, 1250, 'unpaid', null, null, ${createdAt.toISOString()})
        returning id`),
    ).map((r) => r.id);
    expect(old).toHaveLength(2);

    await migrateDatabase(database);

    const [paid] = await db.select().from(orders).where(eq(orders.id, old[0]!));
    expect(paid).toMatchObject({
      email: 'old@example.com',
      name: 'Old Rider',
      num: '555-0100',
      subtotalCents: 7797,
      taxCents: 0,
      totalCents: 7797,
      status: 'paid',
      transactionId: 'pi_old',
      paidAt,
      createdAt,
      deliveryAddress: null,
      paymentMethod: 'card',
    });
    const lines = await db.select().from(orderLines).orderBy(asc(orderLines.unitPriceCents));
    expect(lines).toEqual([
      expect.objectContaining({
        orderId: old[1],
        position: 1,
        partId: null,
        partName: 'A Deleted Part',
        unitPriceCents: 1250,
        quantity: 1,
      }),
      expect.objectContaining({
        orderId: old[0],
        position: 1,
        partId: part?.id,
        partName: 'Old Pads',
        unitPriceCents: 2599,
        quantity: 3,
      }),
    ]);

    // The API answers them as before, now with their one line.
    const { items } = await listAllOrders(db, { limit: 10, offset: 0 });
    const listed = items.find((o) => o._id === old[0]);
    expect(listed).toMatchObject({
      parts: 'Old Pads',
      quantity: 3,
      productId: part?.id,
      unitPrice: 25.99,
      total: 77.97,
      subtotal: 77.97,
      tax: 0,
      paid: true,
      lines: [{ partId: part?.id, name: 'Old Pads', unitPrice: 25.99, quantity: 3, total: 77.97 }],
    });
  });
});

describe('migration 0007: unpaid orders get a deadline', () => {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    folder = await migrationsUpTo('0006_cart_checkout_order_lines');
    database = await createTestDatabase({ migrationsFolder: folder });
  });
  afterAll(async () => {
    await database?.close();
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('gives every unpaid order the default 30 minutes from the upgrade, and no other order a deadline', async () => {
    const db = database.db;
    const ids = rowsOf<{ id: string; status: string }>(
      await db.execute(sql`
        insert into orders (email, name, num, subtotal_cents, total_cents, status, paid_at)
        values ('old@example.com', 'Old Rider', '555-0100', 1000, 1000, 'unpaid', null),
               ('old@example.com', 'Old Rider', '555-0100', 2000, 2000, 'paid', now())
        returning id, status`),
    );
    const before = Date.now();
    await migrateDatabase(database);

    const rows = await db.select().from(orders);
    const unpaid = rows.find((r) => r.id === ids.find((i) => i.status === 'unpaid')?.id);
    const paid = rows.find((r) => r.id === ids.find((i) => i.status === 'paid')?.id);
    const held = (unpaid?.expiresAt?.getTime() ?? 0) - before;
    expect(Math.abs(held - 30 * 60_000)).toBeLessThan(60_000);
    expect(unpaid?.cancelReason).toBeNull();
    expect(paid?.expiresAt).toBeNull();
  });
});

describe('migration 0013: orders a shop runs on', () => {
  let database: Database;
  let folder: string;
  beforeAll(async () => {
    folder = await migrationsUpTo('0012_idempotency_keys');
    database = await createTestDatabase({ migrationsFolder: folder });
  });
  afterAll(async () => {
    await database?.close();
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('numbers old orders in the order they were placed, keeps their refunds and timeline, and one review per customer and part', async () => {
    const db = database.db;
    const [part] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into parts (name, seller, price_cents, img, description, stock, available_quantity, brand, category, part_number, ratings, review_count)
        values ('Old Pads', 'Old Supply', 2599, '/images/parts/brake-pads.svg', 'Pads.', 10, 7, 'Yamaha', 'brake-pads', 'OLD-13', 3, 2)
        returning id`),
    );
    const [user] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into "user" (id, name, email) values ('u-13', 'Old Rider', 'old13@example.com') returning id`),
    );
    const ids = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into orders (email, name, num, subtotal_cents, total_cents, status, paid_at, cancelled_at, cancel_reason, refunded_at, refund_id, created_at)
        values
          ('old13@example.com', 'Old Rider', '555-0100', 2599, 2599, 'paid', '2026-03-02T00:00:00Z', null, null, null, null, '2026-03-01T00:00:00Z'),
          ('old13@example.com', 'Old Rider', '555-0100', 5198, 5198, 'cancelled', '2026-02-02T00:00:00Z', '2026-02-03T00:00:00Z', 'admin', '2026-02-03T00:00:00Z', 're_old', '2026-02-01T00:00:00Z')
        returning id`),
    ).map((r) => r.id);
    await db.execute(sql`
      insert into order_lines (order_id, position, part_id, part_name, unit_price_cents, quantity)
      values (${ids[0]}, 1, ${part?.id}, 'Old Pads', 2599, 1), (${ids[1]}, 1, ${part?.id}, 'Old Pads', 2599, 2)`);
    // The same customer reviewed the part twice (allowed before 0013): the newer one stays.
    await db.execute(sql`
      insert into reviews (user_id, part_id, part_name, name, email, descriptions, img, rating, created_at)
      values (${user?.id}, ${part?.id}, 'Old Pads', 'Old Rider', 'old13@example.com', 'First go.', '/x.webp', 2, '2026-03-03T00:00:00Z'),
             (${user?.id}, ${part?.id}, 'Old Pads', 'Old Rider', 'old13@example.com', 'Changed my mind.', '/x.webp', 4, '2026-03-04T00:00:00Z')`);

    await migrateDatabase(database);

    const rows = await db.select().from(orders).orderBy(asc(orders.createdAt));
    expect(rows.map((r) => [r.id, r.number])).toEqual([
      [ids[1], 10001],
      [ids[0], 10002],
    ]);
    expect(rows.map((r) => r.refundedCents)).toEqual([5198, 0]);
    const refundRows = rowsOf<{ order_id: string; amount_cents: number; provider_refund_id: string }>(
      await db.execute(sql`select order_id, amount_cents, provider_refund_id from refunds`),
    );
    expect(refundRows).toEqual([{ order_id: ids[1], amount_cents: 5198, provider_refund_id: 're_old' }]);
    const lines = rowsOf<{ part_number: string }>(await db.execute(sql`select part_number from order_lines`));
    expect(lines.map((l) => l.part_number)).toEqual(['OLD-13', 'OLD-13']);
    const events = rowsOf<{ order_id: string; kind: string }>(
      await db.execute(sql`select order_id, kind from order_events order by created_at`),
    );
    expect(events).toEqual([
      { order_id: ids[1], kind: 'placed' },
      { order_id: ids[1], kind: 'paid' },
      { order_id: ids[1], kind: 'cancelled' },
      { order_id: ids[0], kind: 'placed' },
      { order_id: ids[0], kind: 'paid' },
    ]);
    const counter = rowsOf<{ last: number }>(await db.execute(sql`select last from order_number_counter`));
    expect(counter).toEqual([{ last: 10002 }]);
    const reviews = rowsOf<{ descriptions: string }>(await db.execute(sql`select descriptions from reviews`));
    expect(reviews).toEqual([{ descriptions: 'Changed my mind.' }]);
    const rated = rowsOf<{ ratings: number; review_count: number }>(
      await db.execute(sql`select ratings, review_count from parts where id = ${part?.id}`),
    );
    expect(rated).toEqual([{ ratings: 4, review_count: 1 }]);
    // Nothing that held an order can be erased any more.
    await expect(db.execute(sql`delete from orders where id = ${ids[0]}`)).rejects.toThrow();
  });
});
