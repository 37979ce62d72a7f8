// Catalogue read benchmark (a script, not a test): autocannon on 127.0.0.1 against the built
// server on PGlite and on PostgreSQL, and against a bare Fastify route serving the same bytes.
// In the same run: signed-in reads (GET /api/me, a customer's GET /api/order/:email), a search
// the cache cannot answer, and list reads while ~20 orders/s stream in — all measured against the
// bare route serving the list bytes; a signed-in tier buyer's list (issue #30: their price list laid
// over the cached answer), against the same. And a part's server-rendered page (GET /parts/:id, HTML)
// against a bare route serving that page's bytes, and a demo parts diagram's page likewise.
//   npm run build && npm run bench
// BENCH_ONLY=tier measures only the list, the tier buyer's list and the signed-in reads after it;
// BENCH_ONLY=stream only the list and (PostgreSQL) the list while orders stream in.
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names the PostgreSQL server; a scratch database is
// created there and dropped afterwards. BENCH_SECONDS sets how long each request is measured
// (default 10), in BENCH_ROUNDS windows (default 3).
//
// The bare route runs beside each shop, serving that shop's own list and part bytes, and every
// request is measured in windows that take turns with its bare route: bare, shop, bare, shop…
// This machine's speed drifts by half or more over minutes; measuring the yardstick at the same
// moments as the request keeps the drift out of the ratio.
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { diagramBikePath } from '@pitstop/core/diagram-paths';
import type { BikeDiagrams, DiagramBikeSummary } from '@pitstop/core/diagrams';
import pg from 'pg';
import { postJson } from './post-json.ts';
import { scratchDatabase } from './scratch-database.ts';
import { startBare, startShop, type RunningServer } from './server-process.ts';

// BENCH_PIN=1 puts the load generator on one core and the servers measured on the other
// (server-process.ts, pin).
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** Every order has a delivery address (issue #26). */
const BENCH_ADDRESS = {
  name: 'Bench Rider',
  street: '500 Howard St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0134',
};
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ordersPerSecond = Number(process.env.BENCH_ORDERS_PER_SECOND ?? 20);

const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** Signed up as an admin (the shop's ADMIN_EMAILS) to make the tier buyer's price list. */
const BENCH_ADMIN = 'benchadmin@bench.com';

interface Row {
  target: string;
  path: string;
  /** How the row is shown (defaults to path). */
  label?: string;
  reqPerSec: number;
  /** The bare route's req/s in the windows between this request's. */
  bareReqPerSec: number;
  /** This request's req/s over its bare route's, window by window. */
  roundRatios: number[];
  p99: number;
  errors: number;
  note?: string;
}

interface Bare {
  url: string;
  /** The path it is asked for (it answers its bytes on any). */
  path: string;
}

interface MeasureOptions {
  headers?: Record<string, string>;
  /** A different path for every request (nothing the cache has seen). */
  pathFor?: (i: number) => string;
  /** Runs only during this request's windows (the order stream), not during the bare route's. */
  during?: { resume(): void; pause(): Promise<void> };
}

/** One window: a one-second warm-up (caches, JIT, connections), then `duration` measured. */
async function timedWindow(url: string, duration: number, options: MeasureOptions, next: () => number) {
  const { pathFor, headers } = options;
  const run = (d: number) =>
    autocannon({
      url,
      connections,
      duration: d,
      ...(headers ? { headers } : {}),
      ...(pathFor ? { requests: [{ setupRequest: (req) => ({ ...req, path: pathFor(next()) }) }] } : {}),
    });
  await run(1);
  return run(duration);
}

/** `urlPath` on the shop, in windows taking turns with its bare route's; see the header. */
async function measure(
  target: string,
  base: string,
  urlPath: string,
  bare: Bare,
  options: MeasureOptions = {},
): Promise<Row> {
  let i = 0;
  const next = () => i++;
  const perWindow = seconds / rounds;
  let requests = 0;
  let bareRequests = 0;
  let p99 = 0;
  let errors = 0;
  const roundRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const yardstick = await timedWindow(bare.url + bare.path, perWindow, {}, () => 0);
    options.during?.resume();
    const result = await timedWindow(base + urlPath, perWindow, options, next);
    await options.during?.pause();
    requests += result.requests.total;
    bareRequests += yardstick.requests.total;
    roundRatios.push(result.requests.total / yardstick.requests.total);
    p99 = Math.max(p99, result.latency.p99);
    errors += result.errors + result.non2xx + yardstick.errors + yardstick.non2xx;
  }
  const elapsed = perWindow * rounds;
  return {
    target,
    path: urlPath,
    reqPerSec: Math.round(requests / elapsed),
    bareReqPerSec: Math.round(bareRequests / elapsed),
    roundRatios,
    p99,
    errors,
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

/**
 * A customer buying at a price list (issue #30): an admin makes a list (10 % off everything,
 * 15 % off Yamaha, a fixed price for one part) and assigns it to a new customer by email.
 */
async function tierBuyer(base: string, fixedPart: { partNumber: string }): Promise<Customer> {
  // The shop makes this address an admin on sign-up (ADMIN_EMAILS, see shopEnv).
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Bench Admin', email: BENCH_ADMIN, password: 'bench-admin-password' }),
  });
  const adminToken = signUp.headers.get('set-auth-token');
  if (!adminToken) throw new Error(`admin sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const admin = { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` };
  const created = await fetch(`${base}/api/admin/price-lists`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      name: `Bench trade ${process.pid}`,
      rules: [
        { brand: null, category: null, percentOff: 10 },
        { brand: 'Yamaha', category: null, percentOff: 15 },
      ],
      prices: [{ partNumber: fixedPart.partNumber, price: 1 }],
    }),
  });
  if (created.status !== 201) throw new Error(`price list failed: ${created.status} ${await created.text()}`);
  const list = (await created.json()) as { id: string };
  const buyer = await signUpCustomer(base, 'tier');
  const assigned = await fetch(`${base}/api/admin/price-list-assignments`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ priceListId: list.id, email: buyer.email }),
  });
  if (!assigned.ok) throw new Error(`assignment failed: ${assigned.status} ${await assigned.text()}`);
  return buyer;
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
      address: BENCH_ADDRESS,
    }),
  });
}

/**
 * Orders for random parts at a steady rate while resumed (during the measured request's
 * windows); counts what was acknowledged, and over how long the stream ran.
 */
function streamOrders(base: string, buyers: Customer[], parts: { _id: string; minquantity: number }[]) {
  let placed = 0;
  let failed = 0;
  let n = 0;
  let streamedMs = 0;
  let resumedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const send = () => {
    const buyer = buyers[n++ % buyers.length]!;
    const part = parts[Math.floor(Math.random() * parts.length)]!;
    const sent = postJson(
      agent,
      `${base}/api/order`,
      { authorization: `Bearer ${buyer.token}` },
      {
        email: buyer.email,
        name: 'Bench Rider',
        num: '555-0100',
        parts: 'bench',
        quantity: Math.max(1, part.minquantity),
        productId: part._id,
        address: BENCH_ADDRESS,
      },
    )
      .then((status) => {
        if (status >= 200 && status < 300) placed++;
        else failed++;
      })
      .catch(() => {
        failed++;
      })
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };
  return {
    resume: () => {
      resumedAt = performance.now();
      timer = setInterval(send, 1000 / ordersPerSecond);
    },
    pause: async () => {
      clearInterval(timer);
      streamedMs += performance.now() - resumedAt;
      await Promise.all(inFlight);
    },
    stats: () => {
      agent.destroy();
      return { placed, failed, perSecond: placed / (streamedMs / 1000) };
    },
  };
}

/**
 * Signed-in reads, an uncached search and list reads under a stream of orders. The catalogue's
 * stock is raised first (PostgreSQL) so the stream never sells a part out.
 */
async function benchSignedIn(
  label: string,
  shop: RunningServer,
  databaseUrl: string | undefined,
  bareList: Bare,
) {
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
  if (process.env.BENCH_ONLY === 'stream' && databaseUrl) return [await listWhileOrdersStream()];
  const tier = await tierBuyer(base, listed[0] as unknown as { partNumber: string });
  const tierAuth = { authorization: `Bearer ${tier.token}` };
  // The tier's prices are laid over the cached page: check they are there before measuring.
  const tierPage = (await (await fetch(`${base}/api/parts?limit=24`, { headers: tierAuth })).json()) as {
    price: number;
    listPrice?: number;
  }[];
  if (!tierPage.every((p) => p.listPrice !== undefined && p.price < p.listPrice))
    throw new Error('the tier buyer was shown retail');
  const tierRow: Row = {
    ...(await measure(label, base, '/api/parts?limit=24', bareList, { headers: tierAuth })),
    label: 'GET /api/parts?limit=24 (signed-in tier buyer)',
  };
  if (process.env.BENCH_ONLY === 'tier') return [tierRow];
  const customer = await signUpCustomer(base, 'reader');
  // A customer with a history: five orders to list.
  for (const part of parts.slice(0, 5)) {
    const res = await placeOrder(base, customer, part);
    if (!res.ok) throw new Error(`order failed: ${res.status} ${await res.text()}`);
  }
  const auth = { authorization: `Bearer ${customer.token}` };
  const rows: Row[] = [
    tierRow,
    {
      ...(await measure(label, base, '/api/me', bareList, { headers: auth })),
      label: 'GET /api/me (signed in)',
    },
    {
      ...(await measure(label, base, `/api/order/${customer.email}`, bareList, { headers: auth })),
      label: 'GET /api/order/:email (signed in, 5 orders)',
    },
    {
      ...(await measure(label, base, '/api/parts?q=brake&limit=24', bareList, {
        // A different price ceiling per request (within the allowed 100,000), so no two URLs match.
        pathFor: (i) => `/api/parts?q=brake&limit=24&maxPrice=${(90_000 + i / 1000).toFixed(3)}`,
      })),
      label: '/api/parts?q=brake, uncached',
    },
  ];
  if (databaseUrl) rows.push(await listWhileOrdersStream());
  return rows;

  async function listWhileOrdersStream(): Promise<Row> {
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => signUpCustomer(base, `buyer${i}`)));
    const stream = streamOrders(base, buyers, parts);
    const row = await measure(label, base, '/api/parts?limit=24', bareList, { during: stream });
    const orders = stream.stats();
    return {
      ...row,
      label: `/api/parts?limit=24 while ${ordersPerSecond} orders/s stream in`,
      errors: row.errors + orders.failed,
      note: `${orders.placed} orders acknowledged (${orders.perSecond.toFixed(1)}/s), ${orders.failed} failed`,
    };
  }
}

/**
 * A part's page as the shop serves it (HTML, rendered on the server). Fails the run when the
 * shop sends the client-rendered shell instead (no server bundle: run npm run build first).
 */
async function renderedPage(base: string, part: { _id: string; name: string }) {
  const pagePath = `/parts/${part._id}`;
  const res = await fetch(base + pagePath);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || !body.toString().includes(part.name)) {
    throw new Error(
      `${pagePath} is not a server-rendered page of ${part.name} (${res.status}): npm run build first`,
    );
  }
  return { pagePath, body };
}

/**
 * A demo bike's parts diagram (issue #29) as the shop serves it: the first assembly of the first
 * bike with diagrams, server-rendered like a part's page.
 */
async function renderedDiagram(base: string) {
  const [bike] = (await (await fetch(`${base}/api/diagrams`)).json()) as DiagramBikeSummary[];
  if (!bike) throw new Error('the demo data has no parts diagrams');
  const bikePath = diagramBikePath({ ...bike, year: bike.yearTo });
  const { assemblies } = (await (await fetch(`${base}/api${bikePath}`)).json()) as BikeDiagrams;
  const assembly = assemblies[0];
  if (!assembly) throw new Error(`${bikePath} has no assemblies`);
  const pagePath = `${bikePath}/${assembly.slug}`;
  const res = await fetch(base + pagePath);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || !body.toString().includes('aria-label="1: ')) {
    throw new Error(`${pagePath} is not a server-rendered diagram (${res.status}): npm run build first`);
  }
  return { pagePath, body };
}

/**
 * Every request on one shop, each against a bare route serving that shop's own bytes (list
 * bytes for all but the part and its page), started beside it.
 */
async function benchShop(
  label: string,
  shop: RunningServer,
  databaseUrl: string | undefined,
): Promise<Row[]> {
  const listPath = '/api/parts?limit=24';
  const listBody = Buffer.from(await (await fetch(shop.url + listPath)).arrayBuffer());
  const first = (JSON.parse(listBody.toString()) as { _id: string; name: string }[])[0];
  if (!first) throw new Error('the catalogue is empty');
  const partPath = `/api/parts/${first._id}`;
  const partBody = Buffer.from(await (await fetch(shop.url + partPath)).arrayBuffer());
  const page = await renderedPage(shop.url, first);
  const diagram = await renderedDiagram(shop.url);
  const bareDiagram = await startBare(diagram.body, 'text/html; charset=utf-8');
  const bareList = await startBare(listBody);
  const barePart = await startBare(partBody);
  const barePage = await startBare(page.body, 'text/html; charset=utf-8');
  try {
    const list = { url: bareList.url, path: listPath };
    if (process.env.BENCH_ONLY === 'tier' || process.env.BENCH_ONLY === 'stream')
      return [
        await measure(label, shop.url, listPath, list),
        ...(await benchSignedIn(label, shop, databaseUrl, list)),
      ];
    return [
      await measure(label, shop.url, listPath, list),
      await measure(label, shop.url, partPath, { url: barePart.url, path: '/api/parts/x' }),
      {
        ...(await measure(label, shop.url, page.pagePath, { url: barePage.url, path: '/parts/x' })),
        label: 'GET /parts/:id (server-rendered page)',
      },
      {
        ...(await measure(label, shop.url, diagram.pagePath, { url: bareDiagram.url, path: '/diagrams/x' })),
        label: 'GET /diagrams/:make/:model/:year/:slug (server-rendered page)',
      },
      ...(await benchSignedIn(label, shop, databaseUrl, list)),
    ];
  } finally {
    await bareList.stop();
    await barePart.stop();
    await barePage.stop();
    await bareDiagram.stop();
  }
}

const rows: Row[] = [];

// Sign-ups and orders come from one address: lift the sign-up limit for the run.
const shopEnv = { AUTH_RATE_LIMIT: '100000', ADMIN_EMAILS: BENCH_ADMIN };
if (process.env.BENCH_ONLY !== 'stream') {
  const lite = await startShop(shopEnv);
  try {
    rows.push(...(await benchShop('PGlite', lite, undefined)));
  } finally {
    await lite.stop();
  }
}

const db = await scratchDatabase(`pitstop_bench_${process.pid}`);
const postgres = await startShop({ ...shopEnv, DATABASE_URL: db.url });
try {
  rows.push(...(await benchShop('PostgreSQL', postgres, db.url)));
} finally {
  await postgres.stop();
  await db.drop();
}

console.log(
  `\nCatalogue reads: ${connections} connections, ${seconds} s each in ${rounds} windows taking turns with the bare route's, ${os.cpus().length} cores${process.env.BENCH_PIN === '1' ? ' (load generator and servers pinned to separate cores)' : ''}, Node ${process.version}\n`,
);
/**
 * The PostgreSQL budgets: catalogue reads and list reads under orders 0.5, signed-in reads and a
 * part's or a parts diagram's server-rendered page 0.3.
 */
function budgetOf(r: Row): number | undefined {
  if (r.target !== 'PostgreSQL') return undefined;
  if (
    r.path === '/api/me' ||
    r.path.startsWith('/api/order/') ||
    r.path.startsWith('/parts/') ||
    r.path.startsWith('/diagrams/')
  )
    return 0.3;
  if (r.label?.includes('tier buyer')) return 0.3;
  if (r.label?.includes('uncached')) return undefined;
  return 0.5;
}

console.log(
  '| target | request | req/s | bare route req/s | p99 ms | ratio to bare | windows | budget | errors |',
);
console.log('|---|---|---:|---:|---:|---:|---|---|---:|');
const missed: string[] = [];
for (const r of rows) {
  const ratio = r.reqPerSec / r.bareReqPerSec;
  const budget = budgetOf(r);
  const shownPath = r.label ?? (r.path.startsWith('/api/parts/') ? '/api/parts/:id' : r.path);
  if (budget !== undefined && ratio < budget)
    missed.push(`${r.target} ${shownPath}: ${ratio.toFixed(2)} < ${budget}`);
  if (r.errors) missed.push(`${r.target} ${shownPath}: ${r.errors} errors`);
  const verdict = budget === undefined ? '—' : `${budget}: ${ratio >= budget ? 'met' : 'missed'}`;
  const windows = r.roundRatios.map((x) => x.toFixed(2)).join(' ');
  console.log(
    `| ${r.target} | ${shownPath} | ${r.reqPerSec} | ${r.bareReqPerSec} | ${r.p99} | ${ratio.toFixed(2)} | ${windows} | ${verdict} | ${r.errors} |`,
  );
}
for (const r of rows) if (r.note) console.log(`\n${r.target}, ${r.label ?? r.path}: ${r.note}`);
console.log(
  missed.length
    ? `\nBudget missed:\n${missed.map((m) => `- ${m}`).join('\n')}`
    : '\nBudgets met: on PostgreSQL, catalogue reads and list reads under orders at least 0.5 of the bare route, signed-in reads and the server-rendered part and diagram pages at least 0.3, no errors.',
);
const failed = missed.length > 0;
process.exit(failed ? 1 : 0);
