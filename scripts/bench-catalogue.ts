// Catalogue read benchmark (a script, not a test): autocannon on 127.0.0.1 against the built
// server on PGlite and on PostgreSQL, and against a bare Fastify route serving the same bytes.
//   npm run build && npm run bench
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names the PostgreSQL server; a scratch database is
// created there and dropped afterwards. BENCH_SECONDS sets the duration of each run (default 10).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { scratchDatabase } from './scratch-database.ts';
import { freePort, repoRoot, startShop, type RunningServer } from './server-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Row {
  target: string;
  path: string;
  reqPerSec: number;
  p99: number;
  errors: number;
}

async function measure(target: string, base: string, urlPath: string): Promise<Row> {
  // A short warm-up fills caches and JIT before the measured run.
  await autocannon({ url: base + urlPath, connections, duration: 2 });
  const result = await autocannon({ url: base + urlPath, connections, duration: seconds });
  return {
    target,
    path: urlPath,
    reqPerSec: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
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

const lite = await startShop({});
try {
  rows.push(...(await benchShop('PGlite', lite)).rows);
} finally {
  await lite.stop();
}

const db = await scratchDatabase(`pitstop_bench_${process.pid}`);
const postgres = await startShop({ DATABASE_URL: db.url });
try {
  const result = await benchShop('PostgreSQL', postgres);
  rows.push(...result.rows);
  listBody = result.listBody;
  partBody = result.partBody;
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
console.log('| target | path | req/s | p99 ms | ratio to bare | errors |');
console.log('|---|---|---:|---:|---:|---:|');
let failed = false;
for (const r of rows) {
  const isBare = r.target.startsWith('bare');
  const yardstick = r.path.includes('limit') ? bareList : barePart;
  const ratio = isBare ? 1 : r.reqPerSec / yardstick;
  if (r.target === 'PostgreSQL' && ratio < 0.5) failed = true;
  if (r.errors) failed = true;
  const shownPath = r.path.startsWith('/api/parts/') ? '/api/parts/:id' : r.path;
  console.log(
    `| ${r.target} | ${shownPath} | ${r.reqPerSec} | ${r.p99} | ${ratio.toFixed(2)} | ${r.errors} |`,
  );
}
console.log(
  failed
    ? '\nBudget missed: PostgreSQL ratio must be at least 0.5, with no errors.'
    : '\nBudget met: PostgreSQL ratio at least 0.5 for both reads.',
);
process.exit(failed ? 1 : 0);
