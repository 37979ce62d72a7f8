import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * BENCH_PIN=1 (Linux with taskset and two cores or more): the load generator (the process that
 * starts the servers) on the first core and the servers measured on the second, bare route and
 * shop alike. Left to the scheduler, the bare route shared a core with the load generator in some
 * runs and had one to itself in others (25,000 and 54,000 req/s on the same machine minutes
 * apart), which moved every ratio to it by a third or more. Pinned, it still varied between runs
 * (47,000–80,000 req/s on 2026-11-28), so it is not the default. PostgreSQL is left where the
 * system runs it.
 */
let pinned: boolean | undefined;
function pin(pid: number | undefined, cpu: number): void {
  if (!pid || process.env.BENCH_PIN !== '1' || os.cpus().length < 2) return;
  try {
    if (pinned === undefined) {
      execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
      pinned = true;
    }
    if (pinned) execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
  } catch {
    if (pinned === undefined) console.warn('BENCH_PIN: taskset failed; the processes are not pinned');
    pinned = false;
  }
}

export interface RunningServer {
  url: string;
  /** Its DATA_DIR: the embedded database, uploads and the development mail outbox. */
  dataDir: string;
  child: ChildProcess;
  /** What the server has written so far (LOG_LEVEL warn: warnings and errors). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (npm run build first) on 127.0.0.1 and waits until it is ready.
 * Benchmarks, Lighthouse and the browser tests all start the shop through here.
 */
export async function startShop(
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<RunningServer> {
  const serverFile = path.join(repoRoot, 'apps/api/dist/server.js');
  await fs.access(serverFile).catch(() => {
    throw new Error(`${serverFile} is missing: run npm run build first.`);
  });
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-script-')));
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // SERVER_NODE_ARGS passes flags to the server's node only, e.g. --cpu-prof to profile a benchmark.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, serverFile], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // No scheduled backup in the middle of a measurement or a browser test (bench:backup asks).
      BACKUP_INTERVAL_HOURS: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pin(child.pid, 1);
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`${url}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!env.DATA_DIR) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The yardstick of the benchmarks: a bare Fastify route (bare-server.ts, its own process) that
 * answers `body` from memory, so a ratio to it shows what the shop's stack costs.
 */
export async function startBare(
  body: Buffer,
  type = 'application/json; charset=utf-8',
): Promise<{ url: string; stop(): Promise<void> }> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-bare-')), 'body');
  await fs.writeFile(file, body);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'scripts/bare-server.ts'), file, String(port), type],
    { stdio: 'inherit' },
  );
  pin(child.pid, 1);
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
