// Quick order benchmark (issue #30 item 4; a script, not a test).
//   npm run bench:quick-order
// Budget: 500 lines resolved in ≤ 300 ms of server time at 100,000 parts, on PostgreSQL and PGlite.
// A scratch database (bench_quick_order on BENCH_DATABASE_URL / TEST_DATABASE_URL, dropped
// afterwards) or an in-memory PGlite gets BENCH_PARTS parts (default 100,000), each with one OEM
// number, written in batches by SQL (the catalogue's columns, brands from the migrations' list).
// The API is built in this process (as the tests build it) and POST /api/quick-order/resolve is
// timed through Fastify's inject: routing, auth, validation, parsing, the queries, pricing and the
// answer's serialisation, without a network. Every request is a different draw of 500 lines: 420
// by the part's own number (as written, lower case, without dashes, with spaces), 40 by the OEM
// number, 20 unknown, 10 repeats of an earlier line and 10 with a bad quantity, so nothing is
// answered from a cache. BENCH_RUNS (default 30) timed requests after 5 warm-up ones; the worst,
// p95 and median are printed. BENCH_TARGETS=postgres,pglite picks the targets.
// Beside the wall time, the API process's own CPU time per request (process.cpuUsage): on a
// loaded machine the wall time also counts the waits for a CPU; on PGlite (in this thread) the
// CPU time is all the server's work, database included; on PostgreSQL it leaves out the database.
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { scratchDatabase, benchServerUrl } from './scratch-database.ts';

const partsWanted = Number(process.env.BENCH_PARTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');
const BUDGET_MS = 300;
const LINES = 500;
const BATCH = 10_000;
const silent = { error: () => {}, warn: () => {}, info: () => {} };

const numberOf = (i: number) => `QB-${String(i).padStart(6, '0')}-${i % 97}`;
const oemOf = (i: number) => `5X${i}-K${i % 13}-00`;

async function fill(database: Database): Promise<void> {
  const db = database.db;
  for (let from = 1; from <= partsWanted; from += BATCH) {
    const to = Math.min(partsWanted, from + BATCH - 1);
    await db.execute(sql`
      with b as (select array_agg(name order by name) as names from brands)
      insert into parts (name, seller, price_cents, img, description, stock, available_quantity,
        min_quantity, brand, category, part_number)
      select 'Bench part ' || i, 'Pitstop', 500 + (i * 37) % 20000, '/images/parts/brake-pads.svg',
        'A part for the quick order benchmark.', 200, 200 - i % 150, 1 + i % 3,
        b.names[1 + i % array_length(b.names, 1)], 'brake-pads',
        'QB-' || lpad(i::text, 6, '0') || '-' || (i % 97)
      from generate_series(${from}::int, ${to}::int) as i, b`);
    await db.execute(sql`
      insert into part_numbers (part_id, kind, brand, number, position)
      select p.id, 'oem', 'Yamaha', '5X' || i || '-K' || (i % 13) || '-00', 0
      from generate_series(${from}::int, ${to}::int) as i
      join parts p on p.part_number = 'QB-' || lpad(i::text, 6, '0') || '-' || (i % 97)`);
  }
  await db.execute(sql`analyze parts`);
  await db.execute(sql`analyze part_numbers`);
}

/** A different 500-line order on every call (seeded, so runs are alike). */
function orderText(seed: number): string {
  let s = seed * 7919 + 17;
  const rand = (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return 1 + (s % n);
  };
  const lines: string[] = [];
  for (let k = 0; k < 420; k++) {
    const i = rand(partsWanted);
    const n = numberOf(i);
    const form = k % 4;
    const written =
      form === 0 ? n : form === 1 ? n.toLowerCase() : form === 2 ? n.replace(/-/g, '') : n.replace(/-/g, ' ');
    lines.push(`${written},${1 + (k % 3)}`);
  }
  for (let k = 0; k < 40; k++) lines.push(`${oemOf(rand(partsWanted))};2`);
  for (let k = 0; k < 20; k++) lines.push(`NO-SUCH-${seed}-${k},1`);
  for (let k = 0; k < 10; k++) lines.push(lines[k * 7]!);
  for (let k = 0; k < 10; k++) lines.push(`${numberOf(rand(partsWanted))},1.5`);
  return ['part number,quantity', ...lines].join('\n');
}

async function measure(
  target: string,
): Promise<{ worst: number; p95: number; median: number; ok: number; cpuMedian: number; cpuWorst: number }> {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let database: Database;
  if (target === 'postgres') {
    scratch = await scratchDatabase('bench_quick_order', benchServerUrl);
    database = await openDatabase({
      databaseUrl: scratch.url,
      pgliteDir: 'unused',
      poolMax: 10,
      log: silent,
    });
  } else {
    database = await openDatabase({
      databaseUrl: undefined,
      pgliteDir: 'memory://',
      poolMax: 1,
      log: silent,
    });
  }
  try {
    const started = performance.now();
    await fill(database);
    console.log(
      `  ${target}: ${partsWanted.toLocaleString('en-US')} parts written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(os.tmpdir(), `pitstop-bench-qo-${randomUUID()}`),
      WEB_DIST: path.join(os.tmpdir(), 'pitstop-no-web'),
      SEED_DEMO_DATA: 'false',
      AUTH_RATE_LIMIT: '100000',
    });
    const app = await buildApp(config, { database, logger: false });
    await app.ready();
    try {
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'http://localhost:3000' },
        payload: { name: 'Bench Buyer', email: 'benchbuyer@example.com', password: 'bench-buyer-pass' },
      });
      const token = signUp.headers['set-auth-token'];
      if (typeof token !== 'string') throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
      const times: number[] = [];
      const cpu: number[] = [];
      let ok = 0;
      for (let r = -5; r < runs; r++) {
        const text = orderText(r + 1000);
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const res = await app.inject({
          method: 'POST',
          url: '/api/quick-order/resolve',
          headers: { authorization: `Bearer ${token}` },
          payload: { text },
        });
        const ms = performance.now() - t0;
        const used = process.cpuUsage(c0);
        const cpuMs = (used.user + used.system) / 1000;
        if (res.statusCode !== 200) throw new Error(`resolve: ${res.statusCode} ${res.body.slice(0, 300)}`);
        const body = res.json() as { lines: unknown[]; okLines: number };
        if (body.lines.length !== LINES) throw new Error(`expected ${LINES} lines, got ${body.lines.length}`);
        if (r >= 0) {
          times.push(ms);
          cpu.push(cpuMs);
          ok = body.okLines;
        }
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      return {
        worst: times[times.length - 1]!,
        p95: times[Math.ceil(times.length * 0.95) - 1]!,
        median: times[Math.floor(times.length / 2)]!,
        ok,
        cpuMedian: cpu[Math.floor(cpu.length / 2)]!,
        cpuWorst: cpu[cpu.length - 1]!,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

console.log(
  `Quick order: ${LINES} lines per request, ${partsWanted.toLocaleString('en-US')} parts, ${runs} timed requests per target (${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);
let failed = false;
for (const target of targets) {
  const r = await measure(target);
  const met = r.worst <= BUDGET_MS;
  failed ||= !met;
  console.log(
    `  ${target}: median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, worst ${r.worst.toFixed(1)} ms (${r.ok} good lines of ${LINES}); API process CPU median ${r.cpuMedian.toFixed(1)} ms, worst ${r.cpuWorst.toFixed(1)} ms — budget ${BUDGET_MS} ms ${met ? 'met' : 'MISSED'}`,
  );
}
process.exitCode = failed ? 1 : 0;
