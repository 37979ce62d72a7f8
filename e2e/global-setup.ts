import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startOidcProvider } from './oidc-provider.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
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

/** The real server, built as `npm start` builds it, on a throw-away embedded database. */
export default async function setup(project: TestProject) {
  const serverFile = path.join(repoRoot, 'apps/api/dist/server.js');
  const indexFile = path.join(repoRoot, 'apps/web/dist/index.html');
  for (const file of [serverFile, indexFile]) {
    await fs.access(file).catch(() => {
      throw new Error(`${file} is missing: run npm run build first.`);
    });
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // Google's place is taken by a local OpenID provider.
  const oidc = await startOidcProvider(await freePort(), `${baseURL}/api/auth/callback/google`);
  let output = '';
  const child = spawn(process.execPath, [serverFile], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      // Every browser test signs in from 127.0.0.1; the rate limit itself is tested in the API suite.
      AUTH_RATE_LIMIT: '10000',
      ADMIN_EMAILS: 'admin@pitstop.com',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));

  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`${baseURL}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseURL', baseURL);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await oidc.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
