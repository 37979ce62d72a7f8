import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type Db } from '../../db/client.js';
import { backupRuns, orderLines, orders, partFitments, parts, reviews, users } from '../../db/schema.js';
import { createTestApp, createTestDatabase, testConfig, type TestApp } from '../../test/app.js';
import { bearer, signIn, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { catalogueCsv, csvPartNumber, csvRow } from '../../test/catalogue.js';
import { checkoutCart, placePaidOrder, placeUnpaidOrder } from '../../test/orders.js';
import { localUploadStore } from '../uploads/store.js';
import { createTar } from '../../lib/tar.js';
import { writeBackup } from './backup.js';
import { MANIFEST_ENTRY, type Manifest } from './manifest.js';
import { readManifest, restoreBackup, RestoreRefused } from './restore.js';
import { backUpAs, startRun } from './runs.js';

/**
 * The restore drill (issue #27): a shop with customers, paid, shipped and unpaid orders, a review
 * with a photo and an imported catalogue is backed up while orders keep coming, wiped, restored,
 * and found whole. On PGlite and (TEST_DB=postgres) on PostgreSQL, each into a new place.
 */

const onPostgres = process.env.TEST_DB === 'postgres';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** An empty database on the test server for the restore to go into (PostgreSQL runs). */
async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `pitstop_restore_${randomUUID().replaceAll('-', '')}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

function multipart(field: string, filename: string, type: string, body: Buffer) {
  const boundary = `b${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** What must survive, read from a database: every row the drill made, in a stable order. */
async function shopState(db: Db) {
  return {
    users: await db
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .orderBy(asc(users.email)),
    orders: await db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        total: orders.totalCents,
        paidAt: orders.paidAt,
      })
      .from(orders)
      .orderBy(asc(orders.id)),
    lines: await db
      .select({
        orderId: orderLines.orderId,
        partId: orderLines.partId,
        quantity: orderLines.quantity,
        price: orderLines.unitPriceCents,
      })
      .from(orderLines)
      .orderBy(asc(orderLines.orderId), asc(orderLines.partId)),
    parts: await db
      .select({
        id: parts.id,
        partNumber: parts.partNumber,
        stock: parts.stock,
        available: parts.availablequantity,
      })
      .from(parts)
      .orderBy(asc(parts.partNumber)),
    fitment: await db
      .select({
        partId: partFitments.partId,
        make: partFitments.make,
        model: partFitments.model,
        years: partFitments.yearFrom,
      })
      .from(partFitments)
      .orderBy(asc(partFitments.partId), asc(partFitments.model), asc(partFitments.yearFrom)),
    reviews: await db
      .select({ id: reviews.id, partId: reviews.partId, rating: reviews.rating, img: reviews.img })
      .from(reviews)
      .orderBy(asc(reviews.id)),
  };
}

describe('restore drill', () => {
  let t: TestApp;
  let work: string;
  let restoredApp: FastifyInstance | undefined;
  let target: { url: string; drop(): Promise<void> } | undefined;

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-drill-'));
    // On PGlite the shop's files are on disk, as `npm start` keeps them: the backup copies them.
    t = await createTestApp({
      uploads: localUploadStore(path.join(work, 'shop/uploads')),
      pgliteDir: path.join(work, 'shop/db'),
    });
  });
  afterAll(async () => {
    await restoredApp?.close();
    await t?.close().catch(() => undefined);
    await target?.drop();
    await fs.rm(work, { recursive: true, force: true });
  });

  it('backs up a busy shop, and the restore brings back its customers, orders, stock, reviews, uploads and fitment', async () => {
    const { app } = t;
    const admin = await signUpAdmin(t, { name: 'Sam Admin' });
    const asha = await signUp(app, { name: 'Asha Rider', password: 'asha-secret-1' });
    const ben = await signUp(app, { name: 'Ben Rider', password: 'ben-secret-22' });

    // The catalogue comes in through the CSV import, with fitment.
    const numbers = [csvPartNumber('PADS'), csvPartNumber('CHAIN'), csvPartNumber('STREAM')];
    const csv = catalogueCsv([
      csvRow({ part_number: numbers[0] }),
      csvRow({
        part_number: numbers[1],
        name: 'Honda CB Shine Chain Kit',
        fitment: 'Honda|CB Shine|2018-2024|',
      }),
      csvRow({
        part_number: numbers[2],
        name: 'Stream Test Oil Filter',
        stock: '500',
        available_quantity: '500',
      }),
    ]);
    const imported = await app.inject({
      method: 'POST',
      url: '/api/parts/import',
      ...(() => {
        const body = multipart('file', 'catalogue.csv', 'text/csv', Buffer.from(csv));
        return { payload: body.payload, headers: { ...body.headers, ...bearer(admin.token) } };
      })(),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const idOf = new Map(
      (await t.database.db.select({ id: parts.id, n: parts.partNumber }).from(parts)).map((p) => [p.n, p.id]),
    );
    const [pads, chain, stream] = numbers.map((n) => idOf.get(n)!);

    // Orders in several states: paid, paid and shipped, unpaid.
    const shipped = await placePaidOrder(app, asha, [
      { partId: pads!, quantity: 2 },
      { partId: chain!, quantity: 1 },
    ]);
    await placePaidOrder(app, ben, [{ partId: chain!, quantity: 1 }]);
    await placeUnpaidOrder(app, ben, [{ partId: pads!, quantity: 1 }]);
    const shipping = await app.inject({
      method: 'POST',
      url: `/api/orders/${shipped.orderNumber}/shipments`,
      headers: bearer(admin.token),
      payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipping.statusCode, shipping.body).toBe(200);

    // A review with a photo.
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const photo = multipart('image', 'pads.png', 'image/png', png);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...photo.headers, ...bearer(asha.token) },
      payload: photo.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const photoUrl = (uploaded.json() as { data: { url: string } }).data.url;
    const review = await app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: bearer(asha.token),
      payload: {
        email: asha.email,
        name: 'Asha',
        descriptions: 'Quiet pads.',
        img: photoUrl,
        rating: 5,
        productId: pads,
      },
    });
    expect(review.statusCode, review.body).toBe(200);
    const photoBytes = (await app.inject({ method: 'GET', url: photoUrl })).rawPayload;

    // Orders keep coming while the backup is taken; each is noted when acknowledged.
    const acknowledged: { id: string; at: number }[] = [];
    let streaming = true;
    let streamEnded = false;
    const buyers: Customer[] = [asha, ben];
    const orderStream = (async () => {
      try {
        for (let i = 0; streaming; i++) {
          const id = await checkoutCart(app, buyers[i % 2]!, [{ partId: stream!, quantity: 1 }]);
          acknowledged.push({ id, at: Date.now() });
          // About as busy as a shop at its peak (the catalogue bench streams 20 a second).
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        streamEnded = true;
      }
    })();
    const acknowledgedAtLeast = async (n: number) => {
      while (acknowledged.length < n && !streamEnded) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await acknowledgedAtLeast(2);
    const backupStarted = Date.now();
    const backup = await backUpAs(
      await startRun(t.database.db),
      // Paced, as the shop's default is: the orders above keep coming while it rests.
      { database: t.database, uploadsDir: path.join(work, 'shop/uploads'), maxBytesPerSecond: 2 ** 20 },
      { dir: path.join(work, 'backups'), keep: 3 },
    );
    // A few more after it, which the backup may or may not hold.
    await acknowledgedAtLeast(acknowledged.length + 2);
    streaming = false;
    await orderStream;

    const before = await shopState(t.database.db);
    const { manifest } = backup;
    expect(manifest).toMatchObject({
      database: onPostgres ? 'postgres' : 'pglite',
      migration: { tag: expect.stringMatching(/^\d{4}_/) as unknown },
      uploads: { included: true },
    });
    expect(manifest.uploads.files).toBeGreaterThan(0);
    expect(manifest.counts.users).toBe(3);
    expect(manifest.counts.parts).toBe(3);
    const mustHave = acknowledged.filter((o) => o.at <= backupStarted).map((o) => o.id);
    expect(mustHave.length).toBeGreaterThanOrEqual(2);
    expect(await readManifest(backup.file)).toEqual(manifest);

    // Wipe: the shop and its database go, and so do the uploads.
    await t.close();
    await fs.rm(path.join(work, 'shop'), { recursive: true, force: true });

    target = onPostgres ? await emptyPostgres() : undefined;
    const dataDir = path.join(work, 'restored');
    const restored = await restoreBackup(backup.file, {
      databaseUrl: target?.url,
      dataDir,
      force: false,
      log: quiet,
    });
    expect(restored.counts).toEqual(manifest.counts);
    expect(restored.uploads).toBe(manifest.uploads.files);
    expect(restored.migratedFrom).toBeUndefined();

    // A second restore onto it is refused without --force, before touching anything.
    await expect(
      restoreBackup(backup.file, { databaseUrl: target?.url, dataDir, force: false, log: quiet }),
    ).rejects.toThrow(/--force/);

    restoredApp = await buildApp(
      testConfig({ DATA_DIR: dataDir, ...(target ? { DATABASE_URL: target.url } : {}) }),
      { logger: false },
    );
    await restoredApp.ready();
    const after2 = await shopState(restoredApp.db);

    // The same customers, and their passwords still work.
    expect(after2.users).toEqual(before.users);
    for (const who of [asha, ben]) {
      expect((await signIn(restoredApp, who.email, who.password)).statusCode).toBe(200);
    }
    // Every order acknowledged before the backup began, and every order restored as it was.
    const restoredIds = new Set(after2.orders.map((o) => o.id));
    for (const id of mustHave) expect(restoredIds.has(id), `order ${id}`).toBe(true);
    expect(after2.orders.length).toBe(manifest.counts.orders);
    expect(after2.orders).toEqual(before.orders.filter((o) => restoredIds.has(o.id)));
    expect(after2.lines).toEqual(before.lines.filter((l) => restoredIds.has(l.orderId)));
    expect(after2.orders.find((o) => o.id === shipped._id)?.status).toBe('shipped');
    // Stock as it stood at the snapshot: the streamed part lost exactly the units of the orders
    // the snapshot holds; the others are as they were.
    const streamed = after2.lines.filter((l) => l.partId === stream).reduce((n, l) => n + l.quantity, 0);
    expect(after2.parts.find((p) => p.id === stream)?.available).toBe(500 - streamed);
    expect(after2.parts.filter((p) => p.id !== stream)).toEqual(before.parts.filter((p) => p.id !== stream));
    expect(after2.fitment).toEqual(before.fitment);
    expect(after2.fitment.length).toBeGreaterThan(0);
    expect(after2.reviews).toEqual(before.reviews);
    // The photo is served again, byte for byte.
    const served = await restoredApp.inject({ method: 'GET', url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, photoBytes)).toBe(0);
    // The backup's own run, "running" in its snapshot, is restored as done.
    const runs = await restoredApp.db
      .select({ status: backupRuns.status, file: backupRuns.file })
      .from(backupRuns)
      .where(sql`${backupRuns.id} = ${manifest.runId}`);
    expect(runs).toEqual([{ status: 'ok', file: path.basename(backup.file) }]);
  }, 90_000);

  it('migrates a backup of an older version forward as it restores it', async () => {
    // A database of the version before the latest migration (0019): today's, with 0019 taken
    // back (its tables, columns and widened checks, and its journal row), which is what the older
    // version left.
    // A new migration moves this test to it.
    const old = await createTestDatabase();
    for (const statement of [
      'drop table order_approvals, promotion_uses, promotions, invoice_payments, invoice_reminders, statements, invoices, invoice_counters, tax_exemptions, part_sales, customer_price_lists, price_list_prices, price_list_rules, company_invitations, company_members',
      'alter table orders drop column company_id, drop column po_number, drop column discount_cents, drop column discount_code',
      'alter table orders add constraint orders_total_is_sum check (total_cents = subtotal_cents + tax_cents)',
      "alter table orders drop constraint orders_status_known, add constraint orders_status_known check (status in ('unpaid', 'on_account', 'paid', 'partially_shipped', 'shipped', 'delivered', 'cancelled'))",
      "alter table orders drop constraint orders_cancel_reason_known, add constraint orders_cancel_reason_known check (cancel_reason in ('expired', 'customer', 'admin'))",
      'drop index orders_unpaid_expiry_idx',
      "create index orders_unpaid_expiry_idx on orders (expires_at) where status = 'unpaid'",
      'alter table order_lines drop column list_price_cents, drop column discount_cents',
      'alter table addresses drop column company_id',
      'alter table credit_applications drop column company_id',
      'alter table credit_accounts drop column company_id',
      'drop table companies, price_lists',
      "alter table jobs drop constraint jobs_kind_known, add constraint jobs_kind_known check (kind in ('mail', 'refund'))",
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    ]) {
      await old.db.execute(sql.raw(statement));
    }
    let file: string;
    try {
      ({ file } = await writeBackup(
        { database: old, uploadsDir: undefined },
        path.join(work, 'old'),
        randomUUID(),
      ));
    } finally {
      await old.close();
    }
    expect((await readManifest(file)).migration.tag).toBe('0018_parts_numbers_brands_diagrams');

    const into = onPostgres ? await emptyPostgres() : undefined;
    try {
      const restored = await restoreBackup(file, {
        databaseUrl: into?.url,
        dataDir: path.join(work, 'restored-old'),
        force: false,
        log: quiet,
      });
      expect(restored.migratedFrom).toBe('0018_parts_numbers_brands_diagrams');
      // Migrated: the restored database has the newest migration's tables (an order's discount
      // column and the companies), and the older ones' (its brands seeded).
      const database = await openDatabase({
        databaseUrl: into?.url,
        pgliteDir: path.join(work, 'restored-old/db'),
        poolMax: 1,
        log: quiet,
      });
      try {
        const featured = (await database.db.execute(
          sql`select count(*)::int as n from brands where featured`,
        )) as unknown as { rows: { n: number }[] };
        expect(featured.rows).toEqual([{ n: 6 }]);
        const newest = (await database.db.execute(
          sql`select (select count(*) from companies)::int as companies, (select count(*) from orders where discount_cents <> 0)::int as discounted`,
        )) as unknown as { rows: { companies: number; discounted: number }[] };
        expect(newest.rows).toEqual([{ companies: 0, discounted: 0 }]);
      } finally {
        await database.close();
      }
    } finally {
      await into?.drop();
    }
  }, 90_000);

  it('refuses a backup taken by a newer version of the shop, naming its migration', async () => {
    const file = path.join(work, 'future.tar');
    const manifest: Manifest = {
      format: 1,
      app: 'pitstop-parts',
      appVersion: '9.9.9',
      createdAt: new Date().toISOString(),
      database: onPostgres ? 'postgres' : 'pglite',
      migration: { tag: '0099_from_the_future', when: Date.now() + 10 * 365 * 86_400_000 },
      counts: { parts: 0, orders: 0, users: 0 },
      uploads: { included: true, files: 0, bytes: 0 },
      runId: randomUUID(),
    };
    const tar = await createTar(file);
    await tar.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
    await tar.close();
    const dataDir = path.join(work, 'future');
    const refused = restoreBackup(file, {
      databaseUrl: onPostgres ? 'postgres://unused@127.0.0.1:1/none' : undefined,
      dataDir,
      force: true,
      log: quiet,
    });
    await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refused).rejects.toThrow(/newer version of the shop.*0099_from_the_future/);
    // Nothing was touched.
    expect(await fs.readdir(dataDir).catch(() => [])).toEqual([]);
  });
});
