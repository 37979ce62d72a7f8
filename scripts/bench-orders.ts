// Order placement under contention on PostgreSQL (a script, not a test): many buyers order the
// same part at once through the real API; prints orders/s and p99 and checks nothing oversold.
//   npm run build && npm run bench:orders
import autocannon from 'autocannon';
import pg from 'pg';
import { scratchDatabase } from './scratch-database.ts';
import { startShop } from './server-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const scratch = await scratchDatabase(`pitstop_bench_orders_${process.pid}`);
const shop = await startShop({
  DATABASE_URL: scratch.url,
  AUTH_RATE_LIMIT: '100000',
  DATABASE_POOL_MAX: '20',
});
let failed = false;
try {
  const base = shop.url;
  const buyers: { email: string; token: string }[] = [];
  for (let i = 0; i < 40; i++) {
    const email = `buyer${i}x${process.pid}@bench.com`;
    const res = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ name: `Buyer ${i}`, email, password: 'bench-password' }),
    });
    const token = res.headers.get('set-auth-token');
    if (!token) throw new Error(`sign-up failed: ${res.status}`);
    buyers.push({ email, token });
  }
  // The part everyone wants: the one with the most units among those sold one at a time.
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  const { rows } = await db.query<{ id: string; available: number }>(
    'select id, available_quantity as available from parts where min_quantity = 1 order by available_quantity desc limit 1',
  );
  const found = rows[0];
  if (!found) throw new Error('no part to order');
  // Plenty of units, so the run measures contention on one row rather than a sell-out.
  const units = 1_000_000;
  await db.query('update parts set available_quantity = $2, stock = $2 where id = $1', [found.id, units]);
  const part = { id: found.id, available: units };

  let i = 0;
  const result = await autocannon({
    url: `${base}/api/order`,
    method: 'POST',
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          const buyer = buyers[i++ % buyers.length]!;
          return {
            ...req,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
            body: JSON.stringify({
              email: buyer.email,
              name: 'Bench Buyer',
              num: '555-0100',
              parts: 'bench',
              quantity: 1,
              productId: part.id,
              address: {
                name: 'Bench Buyer',
                street: '500 Howard St',
                city: 'San Francisco',
                state: 'CA',
                zip: '94105',
                phone: '(415) 555-0134',
              },
            }),
          };
        },
      },
    ],
  });
  const after = await db.query<{ available: number; sold: string }>(
    'select p.available_quantity as available, (select coalesce(sum(l.quantity), 0) from order_lines l where l.part_id = p.id) as sold from parts p where p.id = $1',
    [part.id],
  );
  await db.end();
  const available = after.rows[0]?.available ?? -1;
  const sold = Number(after.rows[0]?.sold ?? -1);
  const ok = result['2xx'];
  // Units taken must equal units in order lines (responses still in flight when the run ends complete on the server).
  const oversold = available < 0 || part.available - available !== sold;
  failed = oversold || result.errors > 0 || result['5xx'] > 0;
  console.log(
    `\nOrder placement on PostgreSQL: ${connections} connections, ${seconds} s, one part with ${part.available} units\n`,
  );
  console.log('| orders placed | orders/s | p99 ms | refused (409/400) | 5xx | units left | oversold |');
  console.log('|---:|---:|---:|---:|---:|---:|---|');
  console.log(
    `| ${ok} | ${Math.round(ok / seconds)} | ${result.latency.p99} | ${result['4xx']} | ${result['5xx']} | ${available} | ${oversold ? 'YES' : 'no'} |`,
  );
} finally {
  await shop.stop();
  await scratch.drop();
}
process.exit(failed ? 1 : 0);
