// Catalogue import at scale on PostgreSQL (a script, not a test): generates the 100,000-part CSV
// (about 1,000,000 fitment rows and 300,000 OEM, interchange and superseded numbers; the
// aftermarket brands it names are created by the import), starts the built server on a scratch
// database, imports the file through POST /api/parts/import as an admin and prints the wall
// time and how much the server's memory (VmRSS of the whole process, worker threads included,
// sampled from /proc every 100 ms) grew. Then re-imports it (every row unchanged) and exports it.
//   npm run build && npm run bench:import
// BENCH_PARTS sets the size (default 100000); BENCH_DATABASE_URL (or TEST_DATABASE_URL) names
// the PostgreSQL server. Budget: import ≤ 60 s, memory growth < 200 MB.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeCatalogueFile } from './catalogue-generator.ts';
import { scratchDatabase } from './scratch-database.ts';
import { startShop } from './server-process.ts';
import { rssMb, sampleRss, timedImport } from './timed-import.ts';

const partsWanted = Number(process.env.BENCH_PARTS ?? 100_000);
const budgetSeconds = 60;
const budgetGrowthMb = 200;
const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'pitstop-bench-import-'));
const csvFile = path.join(tmp, `catalogue-${partsWanted}.csv`);
let started = performance.now();
const generated = await writeCatalogueFile(csvFile, { parts: partsWanted, seed: 8 });
console.log(
  `Generated ${generated.parts} parts, ${generated.fitmentRows} fitment rows, ${generated.numbers} numbers, ` +
    `${(generated.bytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const scratch = await scratchDatabase(`pitstop_bench_import_${process.pid}`);
const shop = await startShop({ DATABASE_URL: scratch.url, AUTH_RATE_LIMIT: '100000' });
let failed = false;
try {
  const pid = shop.child.pid;
  if (!pid) throw new Error('the server has no pid');
  const base = shop.url;
  const email = `importer${process.pid}@bench.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Bench Admin', email, password: 'bench-password' }),
  });
  const token = signUp.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-up failed: ${signUp.status}`);
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  await db.query(`update "user" set role = 'admin' where email = $1`, [email]);

  const importFile = () => timedImport({ base, pid, token, file: csvFile });
  const first = await importFile();
  const counted = await db.query<{ parts: string; fitments: string; numbers: string; brands: string }>(
    `select (select count(*) from parts) as parts, (select count(*) from part_fitments) as fitments,
      (select count(*) from part_numbers) as numbers, (select count(*) from brands) as brands`,
  );
  const second = await importFile();

  started = performance.now();
  const exportRss = sampleRss(pid);
  const exportBaseline = rssMb(pid);
  const res = await fetch(`${base}/api/parts/export.csv`, { headers: { authorization: `Bearer ${token}` } });
  let exportedBytes = 0;
  let exportedLines = 0;
  for await (const chunk of res.body ?? []) {
    exportedBytes += chunk.byteLength;
    for (const byte of chunk as Uint8Array) if (byte === 10) exportedLines++;
  }
  const exportSeconds = (performance.now() - started) / 1000;
  const exportPeak = exportRss.stop();
  await db.end();

  const growth = first.peak - first.baseline;
  const mb = (n: number) => n.toFixed(0);
  console.log(
    `\nCatalogue import on PostgreSQL: ${partsWanted} parts, ${os.cpus().length} cores, Node ${process.version}\n`,
  );
  console.log(
    '| run | wall s | rows/s | created | updated | unchanged | failed | RSS before MB | RSS peak MB | growth MB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [label, run] of [
    ['import', first],
    ['re-import (same file)', second],
  ] as const) {
    const a = run.answer;
    console.log(
      `| ${label} | ${run.seconds.toFixed(1)} | ${Math.round(partsWanted / run.seconds)} | ${a.created} | ${a.updated} | ` +
        `${a.unchanged} | ${a.failedRows} | ${mb(run.baseline)} | ${mb(run.peak)} | ${mb(run.peak - run.baseline)} |`,
    );
  }
  console.log(
    `\nIn the database after the import: ${counted.rows[0]?.parts} parts, ${counted.rows[0]?.fitments} fitment rows, ` +
      `${counted.rows[0]?.numbers} numbers, ${counted.rows[0]?.brands} brands (${first.answer.brandsCreated.length} created by the import).`,
  );
  console.log(
    `Export: ${exportedLines - 1} parts, ${(exportedBytes / 1024 / 1024).toFixed(1)} MB in ${exportSeconds.toFixed(1)} s ` +
      `(RSS ${mb(exportBaseline)} → peak ${mb(exportPeak)} MB).`,
  );
  if (first.answer.failedRows) console.log('First failures:', first.answer.failed.slice(0, 5));

  const correct =
    first.answer.created === partsWanted &&
    // The demo parts' own numbers come on top of the file's.
    Number(counted.rows[0]?.numbers) >= generated.numbers &&
    first.answer.failedRows === 0 &&
    second.answer.unchanged === partsWanted &&
    second.answer.created + second.answer.updated === 0;
  failed = !correct || first.seconds > budgetSeconds || growth >= budgetGrowthMb;
  console.log(
    failed
      ? `\nBudget missed: import ≤ ${budgetSeconds} s, growth < ${budgetGrowthMb} MB, every row created then unchanged.`
      : `\nBudget met: import ${first.seconds.toFixed(1)} s ≤ ${budgetSeconds} s, growth ${mb(growth)} MB < ${budgetGrowthMb} MB.`,
  );
} finally {
  await shop.stop();
  await scratch.drop();
  await fsp.rm(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
