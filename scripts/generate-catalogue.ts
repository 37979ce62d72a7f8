// Writes a realistic catalogue CSV in the import format (a script, not a test):
//   npm run generate:catalogue                       100,000 parts → data/catalogue-100000.csv
//   npm run generate:catalogue -- --parts 5000 --out /tmp/parts.csv --seed 7
// The same seed and size always give the same file. Import it in the admin screen
// (Catalogue → Import / export, with "Create missing brands" ticked: the file names aftermarket
// brands such as EBC and K&N) or with POST /api/parts/import?createMissingBrands=true;
// npm run bench:import times that.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeCatalogueFile } from './catalogue-generator.ts';
import { repoRoot } from './server-process.ts';

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: '100000' },
    out: { type: 'string' },
    seed: { type: 'string', default: '8' },
  },
});
const parts = Number(values.parts);
const seed = Number(values.seed);
if (!Number.isInteger(parts) || parts < 1 || !Number.isInteger(seed)) {
  console.error('Usage: generate-catalogue [--parts N] [--out FILE] [--seed N]');
  process.exit(1);
}
// npm runs workspace scripts in scripts/; a relative --out means the caller's folder.
const cwd = process.env.INIT_CWD ?? process.cwd();
const out = values.out
  ? path.resolve(cwd, values.out)
  : path.join(repoRoot, 'data', `catalogue-${parts}.csv`);
await fs.mkdir(path.dirname(out), { recursive: true });

const started = performance.now();
const summary = await writeCatalogueFile(out, { parts, seed });
const seconds = (performance.now() - started) / 1000;
console.log(
  `Wrote ${summary.parts.toLocaleString('en-US')} parts (${summary.universal.toLocaleString('en-US')} universal) ` +
    `with ${summary.fitmentRows.toLocaleString('en-US')} fitment rows and ` +
    `${summary.numbers.toLocaleString('en-US')} OEM, interchange and superseded numbers ` +
    `(${summary.aftermarket.toLocaleString('en-US')} parts of aftermarket brands) to ${out} ` +
    `(${(summary.bytes / 1024 / 1024).toFixed(1)} MB) in ${seconds.toFixed(1)} s.`,
);
