// Lighthouse (mobile settings, the default) on the home page, the parts list and one part page,
// against the built server on a scratch embedded database.
//   npm run build && npm run lighthouse
// Budgets: performance >= 95, accessibility 100, best practices >= 95, SEO >= 95.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startShop } from './server-process.ts';

const budgets = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;
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

const shop = await startShop({});
let failed = false;
try {
  const parts = (await (await fetch(`${shop.url}/api/parts?limit=1`)).json()) as { _id: string }[];
  const paths = ['/', '/parts', `/parts/${parts[0]?._id ?? ''}`];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    console.log('| page | performance | accessibility | best practices | SEO |');
    console.log('|---|---:|---:|---:|---:|');
    for (const path of paths) {
      const result = await lighthouse(`${shop.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(budgets),
      });
      if (!result) throw new Error(`no result for ${path}`);
      if (result.lhr.runtimeError)
        console.log(`  ${path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      const scores = Object.fromEntries(
        Object.keys(budgets).map((k) => [k, Math.round((result.lhr.categories[k]?.score ?? 0) * 100)]),
      ) as Record<keyof typeof budgets, number>;
      const shown = path.startsWith('/parts/') ? '/parts/{id}' : path;
      console.log(
        `| ${shown} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} |`,
      );
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
console.log(failed ? '\nLighthouse budget missed.' : '\nLighthouse budget met.');
process.exit(failed ? 1 : 0);
