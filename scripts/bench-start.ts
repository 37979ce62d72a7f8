// The embedded database's start (a script, not a test): the built server as `npm start` runs it
// (PGlite, demo data), from an empty data folder to the first served page, then stopped and
// started again on the same folder; prints the times and the process's memory after each.
//   npm run build && npm run bench:start
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from './server-process.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

// The node flags `npm start` runs the server with (package.json is the one place they are set).
const startScript = (
  JSON.parse(await fs.readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start;
// Its last command is `node <flags…> apps/api/dist/server.js`.
const command = startScript.split('&&').pop()?.trim().split(/\s+/) ?? [];
if (command[0] !== 'node' || command.at(-1) !== 'apps/api/dist/server.js') {
  throw new Error(`cannot read the server command from npm start: ${startScript}`);
}
const nodeFlags = command.slice(1, -1);

async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

/** Starts the server on dataDir; answers ms to the first 200 of `/`, the RSS then, and a stop. */
async function start(dataDir: string, secret: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: secret,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited');
    const ok = await fetch(url).then(
      async (r) => {
        await r.arrayBuffer();
        return r.ok;
      },
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  // Memory once the start's garbage has had a moment to be collected, as a visitor would find it.
  await new Promise((r) => setTimeout(r, Number(process.env.SETTLE_MS ?? 2000)));
  const rss = await rssMb(child.pid!);
  return {
    ms,
    rss,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

console.log(
  `\nEmbedded database start, built server (node ${nodeFlags.join(' ')}), demo data, ${rounds} rounds\n`,
);
console.log('| round | first start s | memory after it MB | restart s | memory after restart MB |');
console.log('|---:|---:|---:|---:|---:|');
for (let i = 1; i <= rounds; i++) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-start-'));
  const secret = randomBytes(32).toString('hex');
  try {
    const first = await start(dataDir, secret);
    await first.stop();
    const again = await start(dataDir, secret);
    await again.stop();
    console.log(
      `| ${i} | ${(first.ms / 1000).toFixed(2)} | ${first.rss} | ${(again.ms / 1000).toFixed(2)} | ${again.rss} |`,
    );
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
