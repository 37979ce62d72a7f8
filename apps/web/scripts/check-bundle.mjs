#!/usr/bin/env node
// Performance budget for the home route: the JavaScript a first visit to `/` downloads before
// the page can show its content, gzipped, must stay at or under BUDGET_KB.
//
// Counted: the entry script and every chunk index.html modulepreloads, every chunk they import
// statically (followed through dist/.vite/manifest.json), the app the entry imports (src/main.tsx
// always loads src/start.tsx, built into the storefront chunk with the public pages), and any
// lazily loaded chunk the server renders on the home page, each with its own static imports: the
// browser loads all of them before it hydrates the page. Stylesheets are listed for information
// but not counted. React DOM is in that first load (the app is React's, decision 024): the check
// also fails when the counted code is not React DOM's production build, or holds Preact.
//
// Run after `vite build`:  npm run check:bundle -w @pitstop/web
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 135;
const KB = 1000; // the same kilobyte Vite prints
const HOME_ROUTE_SOURCE = 'src/app/routes/home.tsx';
// What the server renders of the home page lazily, as its page state lists it ("modules").
const HOME_RENDERED_SOURCES = [HOME_ROUTE_SOURCE, 'src/features/fitment/components/find-parts-panel.tsx'];

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webRoot, 'dist');
const manifestPath = path.join(distDir, '.vite', 'manifest.json');
const indexPath = path.join(distDir, 'index.html');

function fail(message) {
  console.error(`check-bundle: ${message}`);
  process.exit(1);
}

if (!fs.existsSync(indexPath) || !fs.existsSync(manifestPath)) {
  fail(`no build found in ${distDir} (run "npm run build -w @pitstop/web" first; build.manifest must be on)`);
}

const html = fs.readFileSync(indexPath, 'utf8');
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const SRC_ATTR = /\ssrc\s*=\s*["']([^"']+)["']/i;
const HREF_ATTR = /\shref\s*=\s*["']([^"']+)["']/i;

function attr(tag, pattern) {
  const match = pattern.exec(tag);
  return match ? match[1] : undefined;
}

/** Turns "/assets/x.js" (as written in index.html) into "assets/x.js" (as in the manifest). */
function toDistRelative(url) {
  return url.replace(/^\//, '').split(/[?#]/)[0];
}

// 1. What index.html itself loads: module scripts and modulepreload links.
const htmlScripts = [...html.matchAll(/<script\b[^>]*>/gi)]
  .map(([tag]) => tag)
  .filter((tag) => /type\s*=\s*["']module["']/i.test(tag) && attr(tag, SRC_ATTR))
  .map((tag) => toDistRelative(attr(tag, SRC_ATTR)));
const htmlPreloads = [...html.matchAll(/<link\b[^>]*>/gi)]
  .map(([tag]) => tag)
  .filter((tag) => /rel\s*=\s*["']modulepreload["']/i.test(tag) && attr(tag, HREF_ATTR))
  .map((tag) => toDistRelative(attr(tag, HREF_ATTR)));
if (htmlScripts.length === 0) fail('dist/index.html has no <script type="module" src=…>');

const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** @type {Map<string, string>} file → why it is counted */
const counted = new Map();
const styles = new Set();

function addChunk(key, reason) {
  const chunk = manifest[key];
  if (!chunk) fail(`manifest has no chunk "${key}"`);
  if (!counted.has(chunk.file)) counted.set(chunk.file, reason);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const imported of chunk.imports ?? []) {
    if (!counted.has(manifest[imported]?.file)) addChunk(imported, `static import (${reason})`);
  }
}

function addFile(file, reason) {
  const key = byFile.get(file);
  if (key) addChunk(key, reason);
  else if (!counted.has(file)) counted.set(file, reason);
}

for (const file of htmlScripts) addFile(file, 'entry');
for (const file of htmlPreloads) addFile(file, 'modulepreload');
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isEntry || !chunk.file.endsWith('.js')) continue;
  addChunk(key, 'entry');
  // The entry's own dynamic imports: the app it starts on every page.
  for (const imported of chunk.dynamicImports ?? []) addChunk(imported, 'the app, loaded by the entry');
}

// 2. The home page's lazily loaded chunks and everything they import statically. A source with no
// chunk of its own is built into a chunk already counted (the storefront chunk, vite.config.ts).
for (const source of HOME_RENDERED_SOURCES) {
  const key = Object.keys(manifest).find((k) => k === source || manifest[k].src === source);
  if (key) addChunk(key, source === HOME_ROUTE_SOURCE ? 'home route' : 'home, rendered');
}

// 3. Measure.
function measure(file) {
  const bytes = fs.readFileSync(path.join(distDir, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const rows = [...counted].map(([file, reason]) => ({ file, reason, ...measure(file) }));
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), {
  raw: 0,
  gzip: 0,
});

const kb = (bytes) => (bytes / KB).toFixed(2).padStart(8);
const fileWidth = Math.max(20, ...rows.map((row) => row.file.length));
const line = '-'.repeat(fileWidth + 44);

console.log(`Home route initial JavaScript (gzip level 9, 1 KB = ${KB} bytes)`);
console.log(line);
console.log(`${'file'.padEnd(fileWidth)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}  counted as`);
console.log(line);
for (const row of rows) {
  console.log(`${row.file.padEnd(fileWidth)}  ${kb(row.raw)}  ${kb(row.gzip)}  ${row.reason}`);
}
console.log(line);
console.log(`${'total'.padEnd(fileWidth)}  ${kb(total.raw)}  ${kb(total.gzip)}  budget ${BUDGET_KB} KB`);
for (const css of styles) {
  const size = measure(css);
  console.log(`${css.padEnd(fileWidth)}  ${kb(size.raw)}  ${kb(size.gzip)}  stylesheet (not counted)`);
}

// React DOM's production build numbers its errors; Preact's compat layer names itself in its
// "preact/compat" error texts and its options hook names.
const countedCode = rows.map((row) => fs.readFileSync(path.join(distDir, row.file), 'utf8')).join('\n');
if (!countedCode.includes('Minified React error')) {
  fail("the home route's first load holds no React DOM production build: React must render the app.");
}
if (/preact/i.test(countedCode)) fail("the home route's first load holds Preact: React must render the app.");

if (total.gzip > BUDGET_KB * KB) {
  console.error(
    `\ncheck-bundle: the home route ships ${(total.gzip / KB).toFixed(2)} KB of gzipped JavaScript, over the ${BUDGET_KB} KB budget.`,
  );
  process.exit(1);
}
console.log(`\ncheck-bundle: OK, ${(total.gzip / KB).toFixed(2)} KB of ${BUDGET_KB} KB.`);
