// Runs the browser suite when Chromium is present. Without it, says so in one line and skips
// only this suite — unless REQUIRE_BROWSER is set (CI), where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chrome)) {
  const line = `Browser tests skipped: no Chromium at ${chrome} (set CHROME_PATH or apt-get install chromium).`;
  if (process.env.REQUIRE_BROWSER) {
    console.error(`${line} REQUIRE_BROWSER is set, so this is a failure.`);
    process.exit(1);
  }
  console.log(line);
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome },
});
process.exit(result.status ?? 1);
