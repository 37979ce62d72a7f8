// Lighthouse (mobile settings, the default) on the home page, the parts list, the parts that fit
// one bike, one part page and a demo bike's parts diagrams (its grid and one assembly), against the
// built server on a scratch embedded database.
//   npm run build && LIGHTHOUSE_RUNS=3 npm run lighthouse
// LIGHTHOUSE_ONLY=/diagrams measures only the pages whose address starts so.
// LIGHTHOUSE_CPU_SLOWDOWN=8 runs it as on a machine half as fast (Lighthouse's phone is this
// machine's CPU slowed 4×): the margin the budgets have on a slower or busier day.
// Budgets (issue #25): performance >= 95 in every run and a median of 100 per page;
// accessibility, best practices and SEO 100; largest contentful paint <= 1.5 s and total
// blocking time <= 100 ms in every run (the machine is noisy: a budget holds only if the worst
// run meets it).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { diagramBikePath } from '@pitstop/core/diagram-paths';
import type { BikeDiagrams, DiagramBikeSummary } from '@pitstop/core/diagrams';
import { startShop } from './server-process.ts';

const budgets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
const PERFORMANCE_MEDIAN_BUDGET = 100;
const LCP_BUDGET_MS = 1500;
const TBT_BUDGET_MS = 100;
// A bike from the demo data: the list of the parts that fit it.
const BIKE_PATH = '/parts?year=2019&make=Yamaha&model=YZF-R15+V3';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 1);
const CPU_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) || 0;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Chromium sometimes starts the page's new renderer process after tracing began and the trace
// lacks its navigationStart (NO_NAVSTART; seen about one load in ten). That load measured
// nothing, so it is repeated, and the repeat is printed; a slow page is never repeated.
const TRACE_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);
async function measure(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(budgets),
      ...(CPU_SLOWDOWN > 0 && {
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
      }),
    });
    if (!result) throw new Error(`no result for ${url}`);
    const code = result.lhr.runtimeError?.code;
    if (!code || !TRACE_ERRORS.has(code) || attempt === 3) return result;
    console.log(`  ${new URL(url).pathname}: ${code}, the trace recorded no page load; measuring again`);
  }
}

if (process.env.LIGHTHOUSE_REPORT_DIR) await mkdir(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
const shop = await startShop({});
let failed = false;
// Lighthouse's own measure of the machine's speed, per run: figures from different days compare
// only beside it.
const benchmarkIndexes: number[] = [];
const performanceByPage = new Map<string, number[]>();
try {
  const parts = (await (await fetch(`${shop.url}/api/parts?limit=1`)).json()) as { _id: string }[];
  // A demo bike's parts diagrams (issue #29): its assemblies' grid and the first assembly.
  const [bike] = (await (await fetch(`${shop.url}/api/diagrams`)).json()) as DiagramBikeSummary[];
  const diagrams = bike ? diagramBikePath({ ...bike, year: bike.yearTo }) : null;
  const { assemblies } = diagrams
    ? ((await (await fetch(`${shop.url}/api${diagrams}`)).json()) as BikeDiagrams)
    : { assemblies: [] };
  const paths = [
    '/',
    '/parts',
    BIKE_PATH,
    `/parts/${parts[0]?._id ?? ''}`,
    ...(diagrams && assemblies[0] ? [diagrams, `${diagrams}/${assemblies[0].slug}`] : []),
  ].filter((path) => !process.env.LIGHTHOUSE_ONLY || path.startsWith(process.env.LIGHTHOUSE_ONLY));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    console.log('| run | page | performance | accessibility | best practices | SEO | LCP | TBT |');
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
    for (let run = 1; run <= RUNS; run++)
      for (const path of paths) {
        const result = await measure(`${shop.url}${path}`, chrome.port);
        // LIGHTHOUSE_REPORT_DIR=… keeps each run's full report (long tasks, script timings).
        if (process.env.LIGHTHOUSE_REPORT_DIR) {
          const name = `${run}-${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}.json`;
          await writeFile(join(process.env.LIGHTHOUSE_REPORT_DIR, name), JSON.stringify(result.lhr));
        }
        benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
        if (result.lhr.runtimeError)
          console.log(`  ${path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        const scores = Object.fromEntries(
          Object.keys(budgets).map((k) => [k, Math.round((result.lhr.categories[k]?.score ?? 0) * 100)]),
        ) as Record<keyof typeof budgets, number>;
        const shown = path.startsWith('/parts/')
          ? '/parts/{id}'
          : path.startsWith('/diagrams/')
            ? path.split('/').length > 5
              ? '/diagrams/{bike}/{assembly}'
              : '/diagrams/{bike}'
            : path;
        performanceByPage.set(shown, [...(performanceByPage.get(shown) ?? []), scores.performance]);
        const lcp = result.lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity;
        const tbt = result.lhr.audits['total-blocking-time']?.numericValue ?? Infinity;
        console.log(
          `| ${run} | ${shown} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ${(lcp / 1000).toFixed(2)} s | ${Math.round(tbt)} ms |`,
        );
        if (lcp > LCP_BUDGET_MS || tbt > TBT_BUDGET_MS) {
          failed = true;
          console.log(
            `  LCP ${Math.round(lcp)} ms (budget ${LCP_BUDGET_MS}), TBT ${Math.round(tbt)} ms (budget ${TBT_BUDGET_MS})`,
          );
        }
        for (const [k, min] of Object.entries(budgets) as [keyof typeof budgets, number][]) {
          if (scores[k] < min) {
            failed = true;
            const audits = Object.values(result.lhr.audits)
              .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
              .map((a) => `${a.id} (${a.displayValue ?? a.score})`)
              .slice(0, 8);
            console.log(`  ${k} ${scores[k]} < ${min}; weakest audits: ${audits.join(', ')}`);
          }
        }
      }
  } finally {
    chrome.kill();
  }
} finally {
  await shop.stop();
}
for (const [page, scores] of performanceByPage) {
  const sorted = [...scores].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  console.log(`${page}: performance median ${median}, lowest ${sorted[0]}`);
  if (median < PERFORMANCE_MEDIAN_BUDGET) failed = true;
}
if (benchmarkIndexes.length > 0)
  console.log(
    `\nbenchmarkIndex ${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}` +
      (CPU_SLOWDOWN > 0 ? `, CPU slowed ${CPU_SLOWDOWN}× (not the budget's 4×)` : ''),
  );
console.log(failed ? '\nLighthouse budget missed.' : '\nLighthouse budget met.');
process.exit(failed ? 1 : 0);
