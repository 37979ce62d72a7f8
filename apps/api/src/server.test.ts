import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses a second process on the same PGlite folder, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-lock-'));
    dirs.push(dataDir);
    const first = startServer(dataDir);
    await waitFor(() => first.output().includes('Pitstop Parts is serving'), 60_000);

    const second = startServer(dataDir);
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain('is in use by another Pitstop process');
    expect(second.output()).toContain(`pid ${first.child.pid}`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await expect(fs.access(path.join(dataDir, 'pitstop.lock'))).rejects.toThrow();

    // With the first one gone, the folder opens again (and its data survived).
    const third = startServer(dataDir);
    await waitFor(() => third.output().includes('Pitstop Parts is serving'), 60_000);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 120_000);

  it('on SIGTERM finishes a request in flight, closes idle keep-alive connections and exits promptly', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-term-'));
    dirs.push(dataDir);
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const server = startServer(dataDir, { PORT: String(port) });
    children.push(server.child);
    // A first start migrates and seeds PGlite: slow on a busy machine.
    await waitFor(() => server.output().includes('Pitstop Parts is serving'), 150_000);
    const connect = async () => {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      let received = '';
      socket.on('data', (d: Buffer) => (received += d.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      return { socket, received: () => received, closed };
    };

    // An idle keep-alive connection (one answered request, then nothing).
    const idle = await connect();
    idle.socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await waitFor(() => idle.received().includes('"ok"'), 10_000);
    // A request in flight: headers and half its body sent.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
    const busy = await connect();
    busy.socket.write(
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));

    const termAt = Date.now();
    server.child.kill('SIGTERM');
    await idle.closed;
    await new Promise((r) => setTimeout(r, 300));
    busy.socket.write(body.slice(10));
    await busy.closed;
    // Answered in full (not reset), and told that the connection ends with it.
    expect(busy.received()).toMatch(/^HTTP\/1\.1 [1-5]\d\d /);
    expect(busy.received().toLowerCase()).toContain('connection: close');
    expect(await server.exited).toBe(0);
    expect(Date.now() - termAt).toBeLessThan(5_000);
  }, 240_000);
});
