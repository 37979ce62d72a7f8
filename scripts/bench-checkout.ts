// Checkout of a three-line cart on PostgreSQL (a script, not a test): 20 customers fill carts with
// three of six shared parts, then check out at the same moment, round after round, through the
// real API; prints checkouts/s over the checking-out time, the checkout's p99, the whole cycle's
// rate (filling included) and checks that nothing was oversold. Then a 1-Click round: the same 20
// customers, each with a saved sandbox card and a default address, order one of the six parts with
// 1-Click over and over (each waits for its answer, then clicks again) for the same time; prints
// orders/s, p50/p99 and that every order was paid and nothing oversold.
//   npm run build && npm run bench:checkout
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { postJson } from './post-json.ts';
import { scratchDatabase } from './scratch-database.ts';
import { startShop } from './server-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clients = Number(process.env.BENCH_CONNECTIONS ?? 20);
const UNITS = 1_000_000;
const ADDRESS = {
  name: 'Bench Rider',
  street: '500 Howard St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0134',
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const scratch = await scratchDatabase(`pitstop_bench_checkout_${process.pid}`);
const shop = await startShop({
  DATABASE_URL: scratch.url,
  AUTH_RATE_LIMIT: '100000',
  SALES_TAX_RATES: 'CA=7.25',
});
let failed = false;
try {
  const base = shop.url;
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  // Six parts everyone buys from, with plenty of units: the run measures checkouts that overlap
  // on the same rows, not a sell-out.
  const { rows } = await db.query<{ id: string }>(
    'select id from parts where min_quantity = 1 order by id limit 6',
  );
  if (rows.length < 6) throw new Error('the demo catalogue has fewer than six parts sold one at a time');
  const partIds = rows.map((r) => r.id);
  await db.query('update parts set available_quantity = $2, stock = $2 where id = any($1)', [partIds, UNITS]);

  const customers: string[] = [];
  for (let i = 0; i < clients; i++) {
    const res = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        name: `Buyer ${i}`,
        email: `cart${i}x${process.pid}@bench.com`,
        password: 'bench-password',
      }),
    });
    const token = res.headers.get('set-auth-token');
    if (!token) throw new Error(`sign-up failed: ${res.status}`);
    customers.push(token);
  }

  // The timed requests go through node:http on kept-alive connections (post-json.ts): the client
  // shares the two cores, and fetch cost it about as much CPU as an order costs the server.
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const checkoutMs: number[] = [];
  let refused = 0;
  let errors = 0;
  let serverErrors = 0;
  let checkoutSeconds = 0;
  let fillSeconds = 0;
  // Rounds: every customer fills a cart with three of the six parts (through the API, not timed),
  // then all 20 check out at the same moment (timed). Checkouts/s counts the checkouts over the
  // time they took; the cycle rate counts them over the whole run, filling included.
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  for (let round = 0; performance.now() < until; round++) {
    const f0 = performance.now();
    const filled = await Promise.all(
      customers.map(async (token, c) => {
        const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        try {
          for (let k = 0; k < 3; k++) {
            const partId = partIds[(c + round + k * 2) % partIds.length]!;
            const put = await fetch(`${base}/api/cart/items/${partId}`, {
              method: 'PUT',
              headers: auth,
              body: JSON.stringify({ quantity: 1 + ((c + k) % 3) }),
            });
            await put.arrayBuffer();
            if (!put.ok) throw new Error(`cart ${put.status}`);
          }
          return true;
        } catch {
          errors++;
          return false;
        }
      }),
    );
    const t0 = performance.now();
    fillSeconds += (t0 - f0) / 1000;
    await Promise.all(
      customers.map(async (token, c) => {
        if (!filled[c]) return;
        const t1 = performance.now();
        try {
          const status = await postJson(
            agent,
            `${base}/api/checkout`,
            { authorization: `Bearer ${token}` },
            { address: ADDRESS, payment: 'card' },
          );
          if (status === 201) checkoutMs.push(performance.now() - t1);
          else if (status >= 500) serverErrors++;
          else refused++;
        } catch {
          errors++;
        }
      }),
    );
    checkoutSeconds += (performance.now() - t0) / 1000;
  }
  const elapsed = (performance.now() - started) / 1000;

  const cpuBefore = { shop: cpuMs([shop.child.pid]), postgres: cpuMs(postgresPids()) };
  const clientBefore = process.cpuUsage();
  const oneClick = await oneClickRound(base, customers, partIds, agent);
  const clientCpu = process.cpuUsage(clientBefore);
  agent.destroy();
  // The round's mails (receipts with their invoice PDF) are sent by the server's jobs, partly after
  // the round: its cost per order counts them, so waits until no job is due.
  const drained = await queueDrained(db, 60_000);
  const cpu = {
    shop: cpuSince(cpuBefore.shop, cpuMs([shop.child.pid])),
    postgres: cpuSince(cpuBefore.postgres, cpuMs(postgresPids())),
  };

  const after = await db.query<{ id: string; available: number; sold: string }>(
    `select p.id, p.available_quantity as available,
            (select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
              where l.part_id = p.id and o.status <> 'cancelled') as sold
       from parts p where p.id = any($1)`,
    [partIds],
  );
  const oneClickUnpaid = await db.query<{ n: string }>(
    `select count(*) as n from orders where one_click and status <> 'paid'`,
  );
  await db.end();
  const oversold = after.rows.some((r) => r.available < 0 || UNITS - r.available !== Number(r.sold));
  checkoutMs.sort((a, b) => a - b);
  const done = checkoutMs.length;
  oneClick.unpaid = Number(oneClickUnpaid.rows[0]?.n ?? 0);
  failed =
    oversold ||
    serverErrors > 0 ||
    errors > 0 ||
    oneClick.serverErrors > 0 ||
    oneClick.errors > 0 ||
    oneClick.unpaid > 0;
  console.log(
    `\nCheckout of a three-line cart on PostgreSQL: ${clients} customers checking out at once, ${seconds} s, six shared parts\n`,
  );
  console.log(
    '| checkouts | checkouts/s | checkout p50 ms | checkout p99 ms | cycles/s (cart filled through the API, then checkout) | refused | 5xx | errors | oversold |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  console.log(
    `| ${done} | ${Math.round(done / checkoutSeconds)} | ${Math.round(percentile(checkoutMs, 50))} | ${Math.round(percentile(checkoutMs, 99))} | ${Math.round(done / elapsed)} | ${refused} | ${serverErrors} | ${errors} | ${oversold ? 'YES' : 'no'} |`,
  );
  console.log(`\n(${checkoutSeconds.toFixed(1)} s checking out, ${fillSeconds.toFixed(1)} s filling carts)`);
  const clicked = oneClick.ms.sort((a, b) => a - b);
  console.log(
    `\n1-Click on PostgreSQL: ${clients} customers with a saved sandbox card and a default address, each clicking again once answered, ${seconds} s, six shared parts\n`,
  );
  console.log('| orders | orders/s | p50 ms | p99 ms | not paid | refused | 5xx | errors |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${clicked.length} | ${Math.round(clicked.length / oneClick.seconds)} | ${Math.round(percentile(clicked, 50))} | ${Math.round(percentile(clicked, 99))} | ${oneClick.unpaid} | ${oneClick.refused} | ${oneClick.serverErrors} | ${oneClick.errors} |`,
  );
  // CPU per order is steadier than orders/s on a shared machine: what one order costs the server
  // process and PostgreSQL (every postgres process on the machine), its mails and PDF included.
  if (Number.isFinite(cpu.shop)) {
    const orders = oneClick.placed;
    console.log(
      `\nCPU per 1-Click order (${orders} orders, warm-up included${drained ? '' : '; the job queue had not drained'}): ` +
        `server ${(cpu.shop / orders).toFixed(2)} ms, PostgreSQL ${(cpu.postgres / orders).toFixed(2)} ms, ` +
        `this load generator ${((clientCpu.user + clientCpu.system) / 1000 / orders).toFixed(2)} ms`,
    );
  }
} finally {
  await shop.stop();
  await scratch.drop();
}
process.exit(failed ? 1 : 0);

/**
 * The 1-Click round: every customer saves Stripe's 4242 test card (sandbox) and a default address
 * (not timed), clicks five times each to warm up, then clicks in a closed loop — a fresh Idempotency-Key each time, quantity 1 of one
 * of the six parts — until the time is up.
 */
async function oneClickRound(base: string, customers: string[], partIds: string[], agent: http.Agent) {
  await Promise.all(
    customers.map(async (token) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      for (const [path, body] of [
        ['/api/cards/sandbox', { number: '4242424242424242', expiry: '12/39', cvc: '123' }],
        ['/api/addresses', { ...ADDRESS, isDefault: true }],
      ] as const) {
        const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`1-Click setup ${path}: ${res.status}`);
      }
    }),
  );
  const result = {
    ms: [] as number[],
    seconds: 0,
    refused: 0,
    serverErrors: 0,
    errors: 0,
    unpaid: 0,
    placed: 0,
  };
  // Warm-up, not counted: five clicks per customer, so the round measures a shop that has run
  // the 1-Click path before (JIT, prepared plans), as every run after a shop's first minute does.
  // Its refusals and errors count with the round's.
  await clickLoop(base, agent, customers, partIds, 'warm', (n) => n < 5, result, false);
  const started = performance.now();
  const until = started + seconds * 1000;
  await clickLoop(base, agent, customers, partIds, 'run', () => performance.now() < until, result, true);
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** Every customer clicks, waits for the answer, and clicks again while `more(n)` says so. */
async function clickLoop(
  base: string,
  agent: http.Agent,
  customers: string[],
  partIds: string[],
  tag: string,
  more: (n: number) => boolean,
  result: { ms: number[]; refused: number; serverErrors: number; errors: number; placed: number },
  timed: boolean,
) {
  await Promise.all(
    customers.map(async (token, c) => {
      for (let n = 0; more(n); n++) {
        const t1 = performance.now();
        try {
          const status = await postJson(
            agent,
            `${base}/api/orders/one-click`,
            {
              authorization: `Bearer ${token}`,
              'idempotency-key': `bench-${process.pid}-${tag}-${c}-${n}`,
            },
            { partId: partIds[(c + n) % partIds.length], quantity: 1 },
          );
          if (status === 201) {
            result.placed++;
            if (timed) result.ms.push(performance.now() - t1);
          } else if (status >= 500) result.serverErrors++;
          else result.refused++;
        } catch {
          result.errors++;
        }
      }
    }),
  );
}

/** CPU time (user + system) each process has used, in ms, by pid; null where /proc cannot say (not Linux). */
function cpuMs(pids: (number | undefined)[]): Map<number, number> | null {
  const used = new Map<number, number>();
  for (const pid of pids) {
    if (pid === undefined) return null;
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // USER_HZ is 100 on Linux
    } catch {
      // A process that ended in between (a connection closed) is left out.
      if (pids.length === 1) return null;
    }
  }
  return used;
}

/**
 * The CPU used between two readings, process by process: one that started in between counts
 * whole, one that ended in between is lost (PostgreSQL's pooled connections live on). NaN when
 * either reading could not be made.
 */
function cpuSince(before: Map<number, number> | null, after: Map<number, number> | null): number {
  if (!before || !after) return NaN;
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/** Every postgres process on this machine (the benchmark's database has no other load). */
function postgresPids(): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Waits until no queued job is due (the round's mails sent; a job waiting for a later retry or its
 * time does not count); false when `ms` passed first.
 */
async function queueDrained(db: pg.Client, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const { rows } = await db.query<{ n: string }>(
      `select count(*) as n from jobs where status = 'queued' and run_at <= now()`,
    );
    if (Number(rows[0]?.n) === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}
