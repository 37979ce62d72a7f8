// What the audit trail costs the admin write paths (a script, not a test): the p95 of a part edit
// (price and stock), shipping an order and making a user an admin, with AUDIT_LOG on and off,
// through the real API on PostgreSQL. Two shops run side by side, each on its own database, and
// their requests alternate one by one, so a busy machine slows both alike. Budget: the audit
// rows add at most 10% to each path's p95.
//   npm run build && npm run bench:audit
import pg from 'pg';
import { scratchDatabase } from './scratch-database.ts';
import { startShop, type RunningServer } from './server-process.ts';

/**
 * Timed requests per path and shop, after a warm-up that is not counted. With 300 or 1,000, one
 * path's ratio of p95s moved by up to a quarter between runs of the same code (a p95 of 300 rests
 * on its 15 slowest requests); 3,000, two to three minutes a run, is the default since.
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3000);
const warmup = Number(process.env.BENCH_WARMUP ?? 30);
const BUDGET_RATIO = 1.1;
const UPS = '1Z999AA10123456784';

interface Shop {
  label: 'on' | 'off';
  server: RunningServer;
  db: pg.Client;
  drop(): Promise<void>;
  adminToken: string;
  parts: Record<string, unknown>[];
  /** Paid orders waiting to ship, and customers waiting to become admins: one per request. */
  orderNumbers: number[];
  emails: string[];
}

async function signUp(base: string, email: string): Promise<{ id: string; token: string }> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Bench Admin', email, password: 'bench-password' }),
  });
  const token = res.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-up failed: ${res.status}`);
  return { id: ((await res.json()) as { user: { id: string } }).user.id, token };
}

/** `count` paid card orders of one line each, straight into the tables, numbered by the shop's counter. */
async function writePaidOrders(db: pg.Client, userId: string, count: number): Promise<number[]> {
  await db.query('begin');
  const { rows } = await db.query<{ last: number }>(
    'update order_number_counter set last = last + $1 returning last',
    [count],
  );
  const last = rows[0]!.last;
  await db.query(
    `with placed as (
       insert into orders (user_id, email, name, num, subtotal_cents, tax_cents, total_cents, delivery_address,
         payment_method, status, transaction_id, paid_at, number)
       select $1, 'bench@bench.com', 'Bench Rider', '(415) 555-0134', p.price_cents, 0, p.price_cents,
         '{"name":"Bench Rider","street":"500 Howard St","city":"San Francisco","state":"CA","zip":"94105","phone":"(415) 555-0134"}'::jsonb,
         'card', 'paid', 'pi_bench_' || n, now(), n
       from generate_series($2::int, $3::int) n, (select price_cents from parts order by id limit 1) p
       returning id)
     insert into order_lines (order_id, position, part_id, part_name, part_number, unit_price_cents, quantity)
     select placed.id, 1, p.id, p.name, p.part_number, p.price_cents, 1
     from placed, (select * from parts order by id limit 1) p`,
    [userId, last - count + 1, last],
  );
  await db.query('commit');
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/** `count` customers, straight into the user table: each request makes one of them an admin. */
async function writeCustomers(db: pg.Client, label: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `bench${label}${i}@bench.com`);
  await db.query(
    `insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
     select 'bench-' || e, 'Bench Customer', e, true, 'user', now(), now() from unnest($1::text[]) e`,
    [emails],
  );
  return emails;
}

async function openShop(label: 'on' | 'off', needed: number): Promise<Shop> {
  const scratch = await scratchDatabase(`pitstop_bench_audit_${label}_${process.pid}`);
  const server = await startShop({
    DATABASE_URL: scratch.url,
    AUTH_RATE_LIMIT: '100000',
    AUDIT_LOG: label,
  });
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  const admin = await signUp(server.url, `admin${label}${process.pid}@bench.com`);
  await db.query(`update "user" set role = 'admin' where id = $1`, [admin.id]);
  const ids = await db.query<{ id: string }>('select id from parts order by id limit 50');
  const parts = await Promise.all(
    ids.rows.map(async ({ id }) => {
      const res = await fetch(`${server.url}/api/parts/${id}`);
      const { _id, ratings, reviewCount, ...input } = (await res.json()) as Record<string, unknown>;
      void ratings;
      void reviewCount;
      return { ...input, id: _id };
    }),
  );
  const orderNumbers = await writePaidOrders(db, admin.id, needed);
  const emails = await writeCustomers(db, label, needed);
  await db.query('analyze');
  return { label, server, db, drop: scratch.drop, adminToken: admin.token, parts, orderNumbers, emails };
}

type Path = 'part edit' | 'ship' | 'make admin';

/** One admin write of this path on this shop, the i-th of its kind: its latency in ms. */
async function writeOnce(shop: Shop, path: Path, i: number): Promise<number> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${shop.adminToken}` };
  let url: string;
  let init: RequestInit;
  if (path === 'part edit') {
    const { id, ...part } = shop.parts[i % shop.parts.length]!;
    // Price and stock change every time, so every edit has a before → after to record.
    const stock = Number(part.availablequantity) + 100 + (i % 2);
    const body = { ...part, price: 10 + (i % 2) + (i % 97) / 100, stock };
    url = `/api/parts/${String(id)}`;
    init = { method: 'PUT', headers, body: JSON.stringify(body) };
  } else if (path === 'ship') {
    url = `/api/orders/PS-${shop.orderNumbers[i]}/shipments`;
    init = { method: 'POST', headers, body: JSON.stringify({ carrier: 'ups', trackingNumber: UPS }) };
  } else {
    url = `/api/user/admin/${shop.emails[i]}`;
    init = { method: 'PUT', headers: { authorization: headers.authorization } };
  }
  const started = performance.now();
  const res = await fetch(`${shop.server.url}${url}`, init);
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${path} on the ${shop.label} shop: ${res.status} ${body}`);
  return ms;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const shops: Shop[] = [];
let failed = false;
try {
  const needed = warmup + rounds;
  // One after the other: two seeding servers at once would only slow each other's start.
  shops.push(await openShop('on', needed));
  shops.push(await openShop('off', needed));
  const [on, off] = shops as [Shop, Shop];

  const rows: string[] = [];
  for (const path of ['part edit', 'ship', 'make admin'] as const) {
    const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
    for (let i = 0; i < needed; i++) {
      // Alternate which shop goes first, so neither always follows the other's write.
      const pair = i % 2 ? [off, on] : [on, off];
      for (const shop of pair) {
        const ms = await writeOnce(shop, path, i);
        if (i >= warmup) times[shop.label].push(ms);
      }
    }
    const stats = (list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    };
    const a = stats(times.on);
    const b = stats(times.off);
    const ratio = a.p95 / b.p95;
    const within = ratio <= BUDGET_RATIO;
    if (!within) failed = true;
    rows.push(
      `| ${path} | ${b.p50.toFixed(1)} | ${b.p95.toFixed(1)} | ${a.p50.toFixed(1)} | ${a.p95.toFixed(1)} | ${ratio.toFixed(3)} | ${within ? 'met' : 'MISSED'} |`,
    );
  }
  const written = await on.db.query<{ n: number }>('select count(*)::int as n from audit_log');
  const none = await off.db.query<{ n: number }>('select count(*)::int as n from audit_log');
  console.log(
    `\nAudit trail cost on PostgreSQL: ${rounds} timed writes per path and shop (after ${warmup} warm-up), AUDIT_LOG on and off side by side, requests alternating; budget: p95 on ≤ ${BUDGET_RATIO} × p95 off\n`,
  );
  console.log('| admin write | p50 off ms | p95 off ms | p50 on ms | p95 on ms | p95 on / off | budget |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    `\naudit rows written: ${written.rows[0]?.n} with AUDIT_LOG=on, ${none.rows[0]?.n} with AUDIT_LOG=off`,
  );
  if (Number(none.rows[0]?.n) !== 0 || Number(written.rows[0]?.n) < 3 * needed) {
    console.error('the audit switch did not do what the comparison needs');
    failed = true;
  }
} finally {
  for (const shop of shops) {
    await shop.db.end();
    await shop.server.stop();
    await shop.drop();
  }
}
process.exit(failed ? 1 : 0);
