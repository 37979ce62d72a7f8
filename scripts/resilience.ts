// Faults across processes (a script run by CI, not a unit test): two built API processes behind
// nginx on 127.0.0.1, with a PostgreSQL and a Redis of their own (own folders and ports, started
// from the installed binaries, so stopping them disturbs nothing else on the machine). Checks
// sessions and rate limits across processes, no oversell, kill -9, a PostgreSQL restart, SIGTERM
// and a Redis outage under load; prints recovery times and orders/s.
//   npm run build && npm run test:resilience
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from './server-process.ts';

const serverFile = process.env.PITSTOP_SERVER ?? path.join(repoRoot, 'apps/api/dist/server.js');
const AUTH_RATE_LIMIT = 12;
const started = performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

// ---------- processes ----------

interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const running = new Set<Proc>();

function launch(
  name: string,
  command: string,
  args: string[],
  options: Parameters<typeof spawn>[2] = {},
): Proc {
  let output = '';
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const keep = (d: Buffer) => {
    output += d.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const proc: Proc = {
    name,
    child,
    output: () => output,
    exited: new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
    ),
  };
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

async function stop(proc: Proc, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
  return proc.exited;
}

async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  ms: number,
  proc?: Proc,
): Promise<number> {
  const from = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - from;
    if (proc && proc.child.exitCode !== null)
      throw new Error(`${proc.name} exited while waiting for ${what}:\n${proc.output()}`);
    if (performance.now() - from > ms) {
      throw new Error(`timed out after ${ms} ms waiting for ${what}${proc ? `\n${proc.output()}` : ''}`);
    }
    await sleep(50);
  }
}

// ---------- nginx, PostgreSQL, Redis ----------

function ensureNginx(): string {
  const found = () => spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' });
  let where = found();
  if (where.status !== 0) {
    console.log('nginx is missing: installing it with apt-get');
    let install = spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit' });
    if (install.status !== 0) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit' });
      install = spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit' });
    }
    if (install.status !== 0) throw new Error('could not install nginx');
    where = found();
  }
  return where.stdout.trim().split('\n')[0] ?? 'nginx';
}

async function postgresBin(): Promise<string> {
  const root = '/usr/lib/postgresql';
  const versions = (await fs.readdir(root).catch(() => [] as string[])).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (
      await fs.access(path.join(bin, 'postgres')).then(
        () => true,
        () => false,
      )
    )
      return bin;
  }
  throw new Error(`no PostgreSQL server binaries under ${root}`);
}

/** PostgreSQL refuses to run as root: as root, its files and process belong to the postgres user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-resilience-'));
await fs.chmod(tmp, 0o755);
const pgData = path.join(tmp, 'pg');
const pgUser = postgresUser();
const bin = await postgresBin();
/** Distinct free ports: each is held until all are found, so no two are the same. */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer().on('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}
const [pgPort, redisPort, nginxPort, apiPort1, apiPort2] = (await freePorts(5)) as [
  number,
  number,
  number,
  number,
  number,
];
const apiPorts = [apiPort1, apiPort2] as const;
const base = `http://127.0.0.1:${nginxPort}`;
const direct = apiPorts.map((p) => `http://127.0.0.1:${p}`);
const serverUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/pitstop`;
const redisUrl = `redis://127.0.0.1:${redisPort}`;

async function initPostgres(): Promise<void> {
  await fs.mkdir(pgData, { mode: 0o700 });
  if (pgUser) await fs.chown(pgData, pgUser.uid, pgUser.gid);
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', pgData, '-U', 'postgres', '-A', 'trust', '--no-sync'],
    {
      encoding: 'utf8',
      ...(pgUser ?? {}),
    },
  );
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
}

function startPostgres(): Proc {
  return launch(
    'postgres',
    path.join(bin, 'postgres'),
    [
      '-D',
      pgData,
      '-p',
      String(pgPort),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${pgData}`,
      '-c',
      'max_connections=100',
      // Only clean shutdowns happen here; the server's own durability is not under test.
      '-c',
      'fsync=off',
    ],
    { ...(pgUser ?? {}) },
  );
}

async function postgresAccepts(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}

function startRedis(): Proc {
  return launch('redis', 'redis-server', [
    '--port',
    String(redisPort),
    '--bind',
    '127.0.0.1',
    '--dir',
    tmp,
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
}

async function startNginx(nginx: string): Promise<Proc> {
  const prefix = path.join(tmp, 'nginx');
  await fs.mkdir(prefix, { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  const asRoot = process.getuid?.() === 0;
  await fs.writeFile(
    conf,
    `${asRoot ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream api {
    server 127.0.0.1:${apiPorts[0]} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${apiPorts[1]} max_fails=1 fail_timeout=2s;
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${nginxPort};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      # A connection refused or reset goes to the other process, POSTs too: a stopping process
      # refuses new connections and resets the keep-alive ones it closes before reading what
      # raced in, so such a request was never processed. After a crash mid-request the order may
      # exist without an answer; unpaid, the hold expiry cancels it. Timeouts are not replayed.
      proxy_next_upstream error non_idempotent;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const test = spawnSync(nginx, ['-t', '-c', conf, '-p', prefix], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx configuration refused:\n${test.stderr}`);
  const proc = launch('nginx', nginx, ['-c', conf, '-p', prefix]);
  await waitUntil('nginx', async () => (await fetch(`${base}/health/live`)).status > 0, 10_000, proc);
  return proc;
}

// ---------- the API processes ----------

const authSecret = randomBytes(32).toString('hex');
const apis: (Proc | undefined)[] = [undefined, undefined];

async function startApi(i: 0 | 1): Promise<Proc> {
  const dataDir = path.join(tmp, `api-${i}`);
  await fs.mkdir(dataDir, { recursive: true });
  const proc = launch(`api ${i + 1}`, process.execPath, [serverFile], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: authSecret,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // Its own schedule would add a pg_dump to the outages it times.
      BACKUP_INTERVAL_HOURS: '0',
      HOST: '127.0.0.1',
      PORT: String(apiPorts[i]),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '10',
      REDIS_URL: redisUrl,
      AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
    },
  });
  apis[i] = proc;
  await waitUntil(
    `api ${i + 1} to be ready`,
    async () => (await fetch(`${direct[i]}/health/ready`)).ok,
    90_000,
    proc,
  );
  return proc;
}

// ---------- HTTP ----------

interface Buyer {
  email: string;
  token: string;
}

async function signUp(url: string, n: number): Promise<Buyer> {
  const email = `buyer${n}-${process.pid}@resilience.test`;
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: `Buyer ${n}`, email, password: 'resilience-password' }),
  });
  const token = res.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { email, token };
}

/** The first body of each unexpected status, printed at the end to explain a failure. */
const unexpected = new Map<number, string>();

interface OrderAnswer {
  status: number;
  id?: string;
  problem: boolean;
  upstream: string;
  ms: number;
}

async function order(buyer: Buyer, partId: string, url = base, key?: string): Promise<OrderAnswer> {
  const from = performance.now();
  try {
    const res = await fetch(`${url}/api/order`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${buyer.token}`,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify({
        email: buyer.email,
        name: 'Resilience Buyer',
        num: '555-0100',
        parts: 'resilience',
        quantity: 1,
        productId: partId,
        address: {
          name: 'Resilience Buyer',
          street: '500 Howard St',
          city: 'San Francisco',
          state: 'CA',
          zip: '94105',
          phone: '(415) 555-0134',
        },
      }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    const answer: OrderAnswer = {
      status: res.status,
      problem: (res.headers.get('content-type') ?? '').includes('application/problem+json'),
      upstream: res.headers.get('x-upstream') ?? '',
      ms: performance.now() - from,
    };
    if (res.ok) answer.id = (JSON.parse(text) as { insertedId: string }).insertedId;
    else if (res.status !== 409 && res.status !== 503 && !unexpected.has(res.status))
      unexpected.set(res.status, text);
    return answer;
  } catch {
    return { status: 0, problem: false, upstream: '', ms: performance.now() - from };
  }
}

type StreamAnswer = OrderAnswer & { at: number; buyer: Buyer; key?: string };

/**
 * `clients` loops place orders one after another until `until()` says stop; with `keys`, each
 * order carries an Idempotency-Key of its own (kept in its answer, for a retry).
 */
async function stream(
  clients: number,
  buyers: Buyer[],
  partId: string,
  until: (placed: number) => boolean,
  options: { keys?: boolean } = {},
): Promise<StreamAnswer[]> {
  const answers: StreamAnswer[] = [];
  let sent = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!until(sent)) {
        const buyer = buyers[sent++ % buyers.length]!;
        const key = options.keys ? randomUUID() : undefined;
        const answer = await order(buyer, partId, base, key);
        answers.push({ ...answer, at: performance.now(), buyer, ...(key ? { key } : {}) });
      }
    }),
  );
  return answers;
}

function tally(answers: OrderAnswer[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s || 'no answer'}: ${n}`)
    .join(', ');
}

// ---------- the run ----------

const results: string[] = [];
const failures: string[] = [];
let passed = 0;
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (ok) passed++;
  else failures.push(what);
}

let db: pg.Client | undefined;
let postgres: Proc | undefined;
let redis: Proc | undefined;
let nginx: Proc | undefined;

async function stock(partId: string): Promise<{ available: number; sold: number }> {
  const { rows } = await db!.query<{ available: number; sold: string }>(
    `select p.available_quantity as available,
       (select coalesce(sum(l.quantity), 0) from order_lines l where l.part_id = p.id) as sold
     from parts p where p.id = $1`,
    [partId],
  );
  return { available: rows[0]!.available, sold: Number(rows[0]!.sold) };
}

async function freshPart(units: number): Promise<string> {
  const { rows } = await db!.query<{ id: string }>(
    `select id from parts where min_quantity = 1 and id not in (select part_id from order_lines where part_id is not null)
     order by id limit 1`,
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no unordered part left');
  await db!.query('update parts set available_quantity = $2, stock = $2 where id = $1', [id, units]);
  return id;
}

async function connectDb(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  return client;
}

try {
  await fs.access(serverFile).catch(() => {
    throw new Error(`${serverFile} is missing: run npm run build first.`);
  });
  const nginxBin = ensureNginx();
  await initPostgres();
  postgres = startPostgres();
  await waitUntil('PostgreSQL', postgresAccepts, 30_000, postgres);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('create database pitstop');
  await admin.end();
  redis = startRedis();
  await startApi(0);
  await startApi(1);
  nginx = await startNginx(nginxBin);
  db = await connectDb();
  console.log(
    `set up in ${seconds(performance.now() - started)}: nginx :${nginxPort} → api :${apiPorts[0]}, :${apiPorts[1]}`,
  );

  // 1. A session made on one process works on the other.
  const first = await signUp(direct[0]!, 0);
  const onOther = await fetch(`${direct[1]}/api/order/${encodeURIComponent(first.email)}`, {
    headers: { authorization: `Bearer ${first.token}` },
  });
  check(onOther.status === 200, `a session made on process 1 works on process 2 (${onOther.status})`);
  const buyers = [first];
  for (let i = 1; i < 10; i++) buyers.push(await signUp(base, i));

  // 2. 500 concurrent orders over both processes never oversell.
  const scarce = await freshPart(300);
  const rush = await Promise.all(
    Array.from({ length: 500 }, (_, i) => order(buyers[i % buyers.length]!, scarce)),
  );
  const placed = rush.filter((a) => a.status === 200 || a.status === 201).length;
  const after = await stock(scarce);
  const upstreams = new Set(rush.map((a) => a.upstream).filter(Boolean));
  // A refusal: 400 (sold out when the order read the part), 409 (sold out between read and
  // update), or a 503 problem when the burst outruns the database pool.
  const refusedRightly = rush.every(
    (a) => a.status === 200 || a.status === 400 || a.status === 409 || (a.status === 503 && a.problem),
  );
  const soldOut = rush.some((a) => a.status === 400 || a.status === 409);
  check(
    after.sold === placed &&
      after.available === 300 - placed &&
      refusedRightly &&
      (!soldOut || placed === 300),
    `500 concurrent orders for 300 units never oversell: ${placed} placed, ${after.sold} sold, ${after.available} left (${tally(rush)})`,
  );
  check(upstreams.size === 2, `orders were served by both processes (${[...upstreams].join(', ')})`);

  // 3. The sign-in rate limit counts across both processes.
  const attempts: number[] = [];
  for (let i = 0; i < AUTH_RATE_LIMIT + 2; i++) {
    const res = await fetch(`${direct[i % 2]}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: first.email, password: 'not-the-password' }),
    });
    attempts.push(res.status);
  }
  check(
    attempts.slice(0, AUTH_RATE_LIMIT).every((s) => s !== 429) &&
      attempts.slice(AUTH_RATE_LIMIT).every((s) => s === 429),
    `sign-in limit ${AUTH_RATE_LIMIT}/min counted across both processes (answers: ${attempts.join(' ')})`,
  );

  // 4. Throughput through two processes.
  const plenty = await freshPart(1_000_000);
  const throughputFrom = performance.now();
  const loadEnd = throughputFrom + 5_000;
  const load = await stream(32, buyers, plenty, () => performance.now() > loadEnd);
  const perSecond =
    load.filter((a) => a.status === 200).length / ((performance.now() - throughputFrom) / 1000);
  const sorted = load.map((a) => a.ms).sort((a, b) => a - b);
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? NaN;
  results.push(
    `orders/s through nginx and two processes (32 clients, 5 s): ${Math.round(perSecond)} (p99 ${Math.round(p99)} ms)`,
  );
  check(
    load.every((a) => a.status === 200),
    `steady load: every order placed (${tally(load)})`,
  );

  // 5. kill -9 of a process during a stream of 1,000 orders.
  const killPart = await freshPart(100_000);
  const before = await stock(killPart);
  let killedAt = 0;
  const killStream = stream(
    16,
    buyers,
    killPart,
    (sent) => {
      if (sent === 300 && !killedAt) {
        killedAt = performance.now();
        apis[0]!.child.kill('SIGKILL');
      }
      return sent >= 1_000;
    },
    { keys: true },
  );
  const killed = await killStream;
  const acknowledged = killed.filter((a) => a.id).map((a) => a.id!);
  const { rows: found } = await db.query<{ n: string }>(
    'select count(*) as n from orders where id = any($1::uuid[])',
    [acknowledged],
  );
  const afterKill = await stock(killPart);
  check(
    Number(found[0]?.n) === acknowledged.length,
    `kill -9 during 1,000 orders: all ${acknowledged.length} acknowledged orders are in the database (${tally(killed)})`,
  );
  check(
    before.available - afterKill.available === afterKill.sold - before.sold,
    `kill -9: stock adds up (${before.available - afterKill.available} units taken, ${afterKill.sold - before.sold} in order lines)`,
  );
  const unanswered = afterKill.sold - before.sold - acknowledged.length;
  const restartFrom = performance.now();
  await startApi(0);
  const backIn = seconds(performance.now() - restartFrom);
  // Each order that got no answer is sent again with its key, as a client would: one placed
  // before the crash answers that order, one that was not is placed now; none is placed twice.
  const failed = killed.filter((a) => !a.id);
  const retried = await Promise.all(failed.map((a) => order(a.buyer, killPart, base, a.key)));
  const retriedIds = retried.filter((a) => a.id).map((a) => a.id!);
  const known = new Set([...acknowledged, ...retriedIds]);
  const afterRetry = await stock(killPart);
  const placedNow = afterRetry.sold - afterKill.sold;
  check(
    retried.every((a) => a.status === 200) && afterRetry.sold - before.sold === known.size,
    `kill -9: the ${failed.length} orders without an answer, sent again with their Idempotency-Keys, were all answered (${tally(retried)}): ${known.size} orders for ${known.size} answered requests, none placed twice (${retriedIds.length - placedNow} had been placed before the crash and were answered as they were, ${placedNow} were placed by the retry)`,
  );
  check(
    before.available - afterRetry.available === afterRetry.sold - before.sold,
    `kill -9 and retries: stock adds up (${before.available - afterRetry.available} units taken, ${afterRetry.sold - before.sold} in order lines)`,
  );
  results.push(
    `kill -9: ${failed.length} of 1,000 orders got no answer (${unanswered} of them had been placed); sent again with their keys, each was answered with exactly one order; the process was back in ${backIn}`,
  );

  // 6. PostgreSQL restarted under load: 503 problems during the outage, serving again within 5 s.
  const outagePart = await freshPart(100_000);
  await db.end();
  db = undefined;
  const outage = { down: 0, back: 0 };
  let readyDuring: number[] = [];
  const outageStream = stream(
    8,
    buyers,
    outagePart,
    () => outage.back > 0 && performance.now() > outage.back + 6_000,
  );
  await sleep(1_000);
  outage.down = performance.now();
  const exitCode = await stop(postgres, 'SIGINT');
  if (exitCode !== 0) console.log(`PostgreSQL stopped with ${exitCode}`);
  await sleep(1_000);
  readyDuring = await Promise.all(direct.map(async (u) => (await fetch(`${u}/health/ready`)).status));
  await sleep(1_000);
  postgres = startPostgres();
  await waitUntil('PostgreSQL to return', postgresAccepts, 30_000, postgres);
  outage.back = performance.now();
  const readyAgain = await Promise.all(
    direct.map((u) =>
      waitUntil('readiness after the outage', async () => (await fetch(`${u}/health/ready`)).ok, 10_000),
    ),
  );
  const duringOutage = await outageStream;
  const firstOrderBack = duringOutage.find((a) => a.status === 200 && a.at > outage.back);
  const failedDuring = duringOutage.filter((a) => a.status !== 200);
  const recovery = firstOrderBack ? firstOrderBack.at - outage.back : Infinity;
  check(
    readyDuring.every((s) => s === 503),
    `/health/ready fails on both processes while PostgreSQL is down (${readyDuring.join(', ')})`,
  );
  check(
    failedDuring.every((a) => a.status === 503 && a.problem),
    `errors during the outage are 503 problems (${tally(duringOutage)})`,
  );
  check(
    recovery <= 5_000 && Math.max(...readyAgain) <= 5_000,
    `serving again ${seconds(recovery)} after PostgreSQL returned (ready in ${readyAgain.map(seconds).join(', ')})`,
  );
  const lateFailures = duringOutage.filter((a) => a.status !== 200 && a.at > outage.back + 5_000);
  check(
    lateFailures.length === 0,
    `no failures later than 5 s after PostgreSQL returned (${lateFailures.length})`,
  );
  results.push(
    `PostgreSQL restart: down ${seconds(outage.back - outage.down)}, ${failedDuring.length} orders answered 503 meanwhile; first order placed ${seconds(recovery)} after its return, ready in ${readyAgain.map(seconds).join(' / ')}`,
  );
  db = await connectDb();

  // 7. SIGTERM under load: no accepted request fails.
  const termPart = await freshPart(100_000);
  let termAt = 0;
  let termExit: Promise<number | null> | undefined;
  const termStream = stream(16, buyers, termPart, (sent) => {
    if (sent === 200 && !termAt) {
      termAt = performance.now();
      termExit = stop(apis[1]!, 'SIGTERM').then((code) => {
        results.push(`SIGTERM: process 2 closed in ${seconds(performance.now() - termAt)} (exit ${code})`);
        return code;
      });
    }
    return sent >= 800;
  });
  const termed = await termStream;
  const termCode = await termExit;
  check(termCode === 0, `SIGTERM: the process closed cleanly (exit ${termCode})`);
  check(
    termed.every((a) => a.status === 200),
    `SIGTERM under load: no request failed (${tally(termed)})`,
  );
  await startApi(1);

  // 8. Redis stopped: orders still succeed, nothing waits on it; caches catch up when it returns.
  const redisPart = await freshPart(100_000);
  const available = async (i: number) =>
    ((await (await fetch(`${direct[i]}/api/parts/${redisPart}`)).json()) as { availablequantity: number })
      .availablequantity;
  await stop(redis, 'SIGTERM');
  const withoutRedis = await stream(8, buyers, redisPart, (sent) => sent >= 200);
  const slowest = Math.max(...withoutRedis.map((a) => a.ms));
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: buyers[1]!.email, password: 'resilience-password' }),
  });
  check(
    withoutRedis.every((a) => a.status === 200),
    `Redis down: orders still succeed (${tally(withoutRedis)}, slowest ${Math.round(slowest)} ms)`,
  );
  check(signIn.status === 200, `Redis down: sign-in still works, limited per process (${signIn.status})`);
  // While Redis is away invalidations cannot cross: process 2 caches the part, process 1 sells it.
  const shownBefore = await available(1);
  const sideOrders = await Promise.all(buyers.slice(0, 5).map((b) => order(b, redisPart, direct[0])));
  check(
    sideOrders.every((a) => a.status === 200),
    `Redis down: orders on process 1 alone (${tally(sideOrders)})`,
  );
  const staleMeanwhile = (await available(1)) === shownBefore;
  redis = startRedis();
  const redisBack = performance.now();
  const { available: truth } = await stock(redisPart);
  const caughtUp = await waitUntil(
    'process 2 to show the current stock after Redis returned',
    async () => (await available(1)) === truth,
    10_000,
  ).catch(() => Infinity);
  check(
    caughtUp <= 10_000,
    `Redis back: process 2 shows the current stock ${seconds(caughtUp)} after Redis returned (stale meanwhile: ${staleMeanwhile ? 'yes' : 'no'})`,
  );
  results.push(
    `Redis down: ${withoutRedis.length} orders placed through nginx, slowest ${Math.round(slowest)} ms; process 2's cache current ${seconds(performance.now() - redisBack)} after Redis returned`,
  );
} catch (err) {
  failures.push(String(err instanceof Error ? (err.stack ?? err.message) : err));
  console.error(err);
} finally {
  await db?.end().catch(() => {});
  for (const proc of [...running].filter((p) => p.name.startsWith('api'))) await stop(proc);
  if (nginx) await stop(nginx, 'SIGQUIT');
  if (redis) await stop(redis);
  if (postgres) await stop(postgres, 'SIGINT');
  if (failures.length) {
    const errors = path.join(tmp, 'nginx', 'error.log');
    const log = await fs.readFile(errors, 'utf8').catch(() => '');
    if (log) console.log(`\nnginx error log (last lines):\n${log.split('\n').slice(-20).join('\n')}`);
    for (const proc of apis)
      if (proc)
        console.log(
          `\n${proc.name} output (last lines):\n${proc.output().split('\n').slice(-60).join('\n')}`,
        );
  }
  await fs.rm(tmp, { recursive: true, force: true });
  if (failures.length) {
    for (const [status, body] of unexpected) console.log(`first ${status} answer: ${body.slice(0, 300)}`);
  }
}

console.log(`\nResilience figures (two API processes behind nginx, own PostgreSQL and Redis):`);
for (const line of results) console.log(`- ${line}`);
console.log(
  `\n${failures.length ? 'FAILED' : 'all checks passed'} in ${seconds(performance.now() - started)}`,
);
// The closing line CI reads.
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
