// Catalogue read benchmark (a script, not a test): autocannon on 127.0.0.1 against the built
// server on PGlite and on PostgreSQL, and against a bare Fastify route serving the same bytes.
// In the same run: signed-in reads (GET /api/me, a customer's GET /api/order/:email), a search
// the cache cannot answer, and list reads while ~20 orders/s stream in — all measured against the
// bare route serving the list bytes.
//   npm run build && npm run bench
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names the PostgreSQL server; a scratch database is
// created there and dropped afterwards. BENCH_SECONDS sets the duration of each run (default 10).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { scratchDatabase } from './scratch-database.ts';
import { freePort, repoRoot, startShop, type RunningServer } from './server-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ordersPerSecond = Number(process.env.BENCH_ORDERS_PER_SECOND ?? 20);

interface Row {
  target: string;
  path: string;
  /** How the row is shown (defaults to path). */
  label?: string;
  reqPerSec: number;
  p99: number;
  errors: number;
  /** The bare route it is compared with. */
  yardstick?: 'list' | 'part';
  /** The least ratio to that bare route it must reach (PostgreSQL rows only). */
  budget?: number;
  note?: string;
}

interface MeasureOptions {
  headers?: Record<string, string>;
  /** A different path for every request (nothing the cache has seen). */
  pathFor?: (i: number) => string;
}

async function measure(
  target: string,
  base: string,
  urlPath: string,
  options: MeasureOptions = {},
): Promise<Row> {
  let i = 0;
  const { pathFor } = options;
  const run = (duration: number) =>
    autocannon({
      url: base + urlPath,
      connections,
      duration,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(pathFor ? { requests: [{ setupRequest: (req) => ({ ...req, path: pathFor(i++) }) }] } : {}),
    });
  // A short warm-up fills caches and JIT before the measured run.
  await run(2);
  const result = await run(seconds);
  return {
    target,
    path: urlPath,
    reqPerSec: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

interface Customer {
  email: string;
  token: string;
}

async function signUpCustomer(base: string, name: string): Promise<Customer> {
  const email = `${name}x${process.pid}@bench.com`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Bench Rider', email, password: 'bench-password' }),
  });
  const token = res.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { email, token };
}

async function placeOrder(base: string, customer: Customer, part: { _id: string; minquantity: number }) {
  return fetch(`${base}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
    body: JSON.stringify({
      email: customer.email,
      name: 'Bench Rider',
      num: '555-0100',
      parts: 'bench',
      quantity: Math.max(1, part.minquantity),
      productId: part._id,
    }),
  });
}

/** Orders for random parts at a steady rate until stopped; counts what was acknowledged. */
function streamOrders(base: string, buyers: Customer[], parts: { _id: string; minquantity: number }[]) {
  let placed = 0;
  let failed = 0;
  let n = 0;
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const buyer = buyers[n++ % buyers.length]!;
    const part = parts[Math.floor(Math.random() * parts.length)]!;
    const sent = placeOrder(base, buyer, part)
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) placed++;
        else failed++;
      })
      .catch(() => {
        failed++;
      })
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  }, 1000 / ordersPerSecond);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { placed, failed, perSecond: placed / ((performance.now() - started) / 1000) };
    },
  };
}

/**
 * Signed-in reads, an uncached search and list reads under a stream of orders. The catalogue's
 * stock is raised first (PostgreSQL) so the stream never sells a part out.
 */
async function benchSignedIn(label: string, shop: RunningServer, databaseUrl: string | undefined) {
  const base = shop.url;
  if (databaseUrl) {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query('update parts set available_quantity = 1000000, stock = 1000000');
    await db.end();
  }
  const listed = (await (await fetch(`${base}/api/parts?limit=100`)).json()) as {
    _id: string;
    minquantity: number;
    availablequantity: number;
  }[];
  const parts = listed.filter((p) => p.availablequantity >= p.minquantity);
  const customer = await signUpCustomer(base, 'reader');
  // A customer with a history: five orders to list.
  for (const part of parts.slice(0, 5)) {
    const res = await placeOrder(base, customer, part);
    if (!res.ok) throw new Error(`order failed: ${res.status} ${await res.text()}`);
  }
  const auth = { authorization: `Bearer ${customer.token}` };
  const rows: Row[] = [
    { ...(await measure(label, base, '/api/me', { headers: auth })), label: 'GET /api/me (signed in)' },
    {
      ...(await measure(label, base, `/api/order/${customer.email}`, { headers: auth })),
      label: 'GET /api/order/:email (signed in, 5 orders)',
    },
    {
      ...(await measure(label, base, '/api/parts?q=brake&limit=24', {
        // A different price ceiling per request (within the allowed 100,000), so no two URLs match.
        pathFor: (i) => `/api/parts?q=brake&limit=24&maxPrice=${(90_000 + i / 1000).toFixed(3)}`,
      })),
      label: '/api/parts?q=brake, uncached',
    },
  ];
  if (databaseUrl) {
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => signUpCustomer(base, `buyer${i}`)));
    const stream = streamOrders(base, buyers, parts);
    const row = await measure(label, base, '/api/parts?limit=24');
    const orders = await stream.stop();
    rows.push({
      ...row,
      label: `/api/parts?limit=24 while ${ordersPerSecond} orders/s stream in`,
      errors: row.errors + orders.failed,
      note: `${orders.placed} orders acknowledged (${orders.perSecond.toFixed(1)}/s), ${orders.failed} failed`,
    });
  }
  return rows;
}

async function startBare(body: Buffer): Promise<{ url: string; stop(): Promise<void> }> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-bare-')), 'body.json');
  await fs.writeFile(file, body);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'scripts/bare-server.ts'), file, String(port)],
    {
      stdio: 'inherit',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function benchShop(
  label: string,
  shop: RunningServer,
): Promise<{ rows: Row[]; listBody: Buffer; partBody: Buffer; partPath: string }> {
  const listPath = '/api/parts?limit=24';
  const listBody = Buffer.from(await (await fetch(shop.url + listPath)).arrayBuffer());
  const first = (JSON.parse(listBody.toString()) as { _id: string }[])[0];
  if (!first) throw new Error('the catalogue is empty');
  const partPath = `/api/parts/${first._id}`;
  const partBody = Buffer.from(await (await fetch(shop.url + partPath)).arrayBuffer());
  const rows = [await measure(label, shop.url, listPath), await measure(label, shop.url, partPath)];
  return { rows, listBody, partBody, partPath };
}

const rows: Row[] = [];
let listBody: Buffer | undefined;
let partBody: Buffer | undefined;

// Sign-ups and orders come from one address: lift the sign-up limit for the run.
const shopEnv = { AUTH_RATE_LIMIT: '100000' };
const lite = await startShop(shopEnv);
try {
  rows.push(...(await benchShop('PGlite', lite)).rows);
  rows.push(...(await benchSignedIn('PGlite', lite, undefined)));
} finally {
  await lite.stop();
}

const db = await scratchDatabase(`pitstop_bench_${process.pid}`);
const postgres = await startShop({ ...shopEnv, DATABASE_URL: db.url });
try {
  const result = await benchShop('PostgreSQL', postgres);
  rows.push(...result.rows);
  listBody = result.listBody;
  partBody = result.partBody;
  rows.push(...(await benchSignedIn('PostgreSQL', postgres, db.url)));
} finally {
  await postgres.stop();
  await db.drop();
}

for (const [body, label] of [
  [listBody, 'list'],
  [partBody, 'part'],
] as const) {
  if (!body) continue;
  const bare = await startBare(body);
  try {
    rows.push(
      await measure(
        `bare (${label} bytes)`,
        bare.url,
        label === 'list' ? '/api/parts?limit=24' : '/api/parts/x',
      ),
    );
  } finally {
    await bare.stop();
  }
}

const bareList = rows.find((r) => r.target === 'bare (list bytes)')?.reqPerSec ?? NaN;
const barePart = rows.find((r) => r.target === 'bare (part bytes)')?.reqPerSec ?? NaN;
console.log(
  `\nCatalogue reads: ${connections} connections, ${seconds} s each, ${os.cpus().length} cores, Node ${process.version}\n`,
);
/** The PostgreSQL budgets: catalogue reads and list reads under orders 0.5, signed-in reads 0.3. */
function budgetOf(r: Row): number | undefined {
  if (r.target !== 'PostgreSQL') return undefined;
  if (r.path === '/api/me' || r.path.startsWith('/api/order/')) return 0.3;
  if (r.label?.includes('uncached')) return undefined;
  return 0.5;
}

console.log('| target | request | req/s | p99 ms | ratio to bare | budget | errors |');
console.log('|---|---|---:|---:|---:|---|---:|');
const missed: string[] = [];
for (const r of rows) {
  const isBare = r.target.startsWith('bare');
  const yardstick = r.path.startsWith('/api/parts/') ? barePart : bareList;
  const ratio = isBare ? 1 : r.reqPerSec / yardstick;
  const budget = budgetOf(r);
  const shownPath = r.label ?? (r.path.startsWith('/api/parts/') ? '/api/parts/:id' : r.path);
  if (budget !== undefined && ratio < budget)
    missed.push(`${r.target} ${shownPath}: ${ratio.toFixed(2)} < ${budget}`);
  if (r.errors) missed.push(`${r.target} ${shownPath}: ${r.errors} errors`);
  const verdict = budget === undefined ? '—' : `${budget}: ${ratio >= budget ? 'met' : 'missed'}`;
  console.log(
    `| ${r.target} | ${shownPath} | ${r.reqPerSec} | ${r.p99} | ${ratio.toFixed(2)} | ${verdict} | ${r.errors} |`,
  );
}
for (const r of rows) if (r.note) console.log(`\n${r.target}, ${r.label ?? r.path}: ${r.note}`);
console.log(
  missed.length
    ? `\nBudget missed:\n${missed.map((m) => `- ${m}`).join('\n')}`
    : '\nBudgets met: on PostgreSQL, catalogue reads and list reads under orders at least 0.5 of the bare route, signed-in reads at least 0.3, no errors.',
);
const failed = missed.length > 0;
process.exit(failed ? 1 : 0);
