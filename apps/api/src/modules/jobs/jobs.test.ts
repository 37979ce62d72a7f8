import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signUp } from '../../test/accounts.js';
import { enqueueMail } from './queue.js';
import { startJobRunner, type JobRunner } from './runner.js';
import { DELIVERY_ADDRESS } from '../../test/orders.js';

/** An SMTP server that refuses every mail (451, as a broken relay would) until `failing` is off. */
function flakySmtpServer() {
  const received: { to: string; raw: string }[] = [];
  const state = { failing: true, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (state.failing) {
          state.refused++;
          const err = Object.assign(new Error('Mail service unavailable'), { responseCode: 451 });
          callback(err);
          return;
        }
        received.push({ to: session.envelope.rcptTo[0]?.address ?? '', raw });
        callback();
      });
    },
  });
  return { server, received, state };
}

describe('mail jobs', () => {
  const smtp = flakySmtpServer();
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        AUTH_RATE_LIMIT: '1000',
        // Retries come quickly here; a real server waits 5 s, then 10, 20, …
        JOB_RETRY_BASE_SECONDS: '0.05',
        JOBS_POLL_SECONDS: '0.05',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  const confirmationsTo = (email: string) =>
    smtp.received.filter((m) => m.to === email && m.raw.includes('Subject: Your Pitstop Parts order'));

  it('keeps an order mail through a failing SMTP server and delivers it once the server recovers', async () => {
    const part = await createPart(t.database.db, { availablequantity: 50, minquantity: 1 });
    const me = await signUp(t.app, { name: 'Queued Rider' });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(me.token),
      payload: {
        email: me.email,
        name: 'Queued Rider',
        num: '5551234567',
        parts: part.name,
        quantity: 2,
        productId: part.id,
        address: DELIVERY_ADDRESS,
      },
    });
    // The order does not wait for the mail, nor fail with it.
    expect(order.statusCode).toBe(200);
    // Its confirmation is queued by reference and written when the job runs.
    const orderId = (order.json() as { insertedId: string }).insertedId;

    // The mail is stored, tried, refused, and waits for its next try (each try writes the
    // confirmation with its invoice PDF: a loaded machine takes more than a second for two).
    await expect
      .poll(
        async () => {
          const rows = await t.database.db
            .select()
            .from(jobs)
            .where(sql`${jobs.payload}->>'orderId' = ${orderId}`);
          return rows.map((r) => ({ status: r.status, tried: r.attempts >= 2, error: r.lastError !== null }));
        },
        { timeout: 10_000 },
      )
      .toEqual([{ status: 'queued', tried: true, error: true }]);
    expect(confirmationsTo(me.email)).toHaveLength(0);

    smtp.state.failing = false;
    await expect.poll(() => confirmationsTo(me.email).length, { timeout: 10_000 }).toBe(1);
    // The server took it; the runner records that a moment later.
    await expect
      .poll(async () => {
        const [row] = await t.database.db
          .select()
          .from(jobs)
          .where(sql`${jobs.payload}->>'orderId' = ${orderId}`);
        return { status: row?.status, lastError: row?.lastError };
      })
      .toEqual({ status: 'done', lastError: null });
    expect(confirmationsTo(me.email)[0]!.raw).toContain(part.name);
    // Delivered once: later polls leave it alone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(confirmationsTo(me.email)).toHaveLength(1);
  });

  it('queues no mail for an order that was refused', async () => {
    const part = await createPart(t.database.db, { availablequantity: 1, minquantity: 1 });
    const me = await signUp(t.app, { name: 'Refused Rider' });
    const confirmations = async () =>
      (
        await t.database.db
          .select()
          .from(jobs)
          .where(sql`${jobs.payload}->>'render' = 'order-confirmation'`)
      ).length;
    const before = await confirmations();
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(me.token),
      payload: {
        email: me.email,
        name: 'Refused Rider',
        num: '5551234567',
        parts: part.name,
        quantity: 5,
        productId: part.id,
        address: DELIVERY_ADDRESS,
      },
    });
    expect(order.statusCode).toBeGreaterThanOrEqual(400);
    expect(await confirmations()).toBe(before);
  });
});

describe('the job runner', () => {
  let t: TestApp;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    // The app's own runner polls once an hour here, so only the runners under test take jobs.
    t = await createTestApp({ env: { JOBS_POLL_SECONDS: '3600' } });
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await t.close();
  });

  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

  it('runs each job once when two processes share the database', async () => {
    const tag = `twice-${Date.now()}`;
    for (let i = 0; i < 60; i++) {
      await enqueueMail(t.database.db, { to: `r${i}@example.com`, subject: tag, text: String(i) });
    }
    const ran: string[] = [];
    const start = () => {
      const runner = startJobRunner({
        db: t.database.db,
        pollMs: 3_600_000,
        retryBaseMs: 1000,
        log: silent,
        handlers: {
          mail: async (payload) => {
            const mail = payload as { subject: string; text: string };
            if (mail.subject !== tag) return;
            // A send takes a moment, so the two runners overlap.
            await new Promise((resolve) => setTimeout(resolve, 5));
            ran.push(mail.text);
          },
        },
      });
      runners.push(runner);
      return runner;
    };
    const [a, b] = [start(), start()];
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ran).toHaveLength(60);
    expect(new Set(ran).size).toBe(60);
    const left = await t.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'subject' = ${tag} and ${jobs.status} <> 'done'`);
    expect(left).toHaveLength(0);
  });

  it('gathers the wakes of a moment into one run that sends every mail they queued', async () => {
    const tag = `burst-${Date.now()}`;
    // Which run each mail went out in: one claim hands its whole batch to the handlers at once.
    const batches: number[] = [];
    let runs = 0;
    let inRun = false;
    const runner = startJobRunner({
      db: t.database.db,
      pollMs: 3_600_000,
      retryBaseMs: 1000,
      wakeDelayMs: 150,
      log: silent,
      handlers: {
        mail: async (payload) => {
          if ((payload as { subject: string }).subject !== tag) return;
          if (!inRun) {
            inRun = true;
            runs++;
            queueMicrotask(() => (inRun = false));
          }
          batches.push(runs);
        },
      },
    });
    runners.push(runner);
    for (let i = 0; i < 4; i++) {
      await enqueueMail(t.database.db, { to: `burst${i}@example.com`, subject: tag, text: String(i) });
      runner.wake();
    }
    // Nothing goes out before the delay…
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toHaveLength(0);
    // …then the four mails go out together, in one run.
    await expect.poll(() => batches.length, { timeout: 5_000, interval: 20 }).toBe(4);
    expect(new Set(batches)).toEqual(new Set([1]));
  });

  it('retries with growing delays and gives up after the last attempt', async () => {
    const tag = `broken-${Date.now()}`;
    await t.database.db
      .insert(jobs)
      .values({ kind: 'mail', payload: { to: 'x@example.com', subject: tag, text: '' }, maxAttempts: 3 });
    const tries: number[] = [];
    const runner = startJobRunner({
      db: t.database.db,
      pollMs: 3_600_000,
      // Long enough that a busy machine cannot let the first delay pass between two runs.
      retryBaseMs: 400,
      log: silent,
      handlers: {
        mail: async (payload) => {
          if ((payload as { subject: string }).subject !== tag) return;
          tries.push(Date.now());
          throw new Error('relay refused');
        },
      },
    });
    runners.push(runner);
    const row = async () =>
      (
        await t.database.db
          .select()
          .from(jobs)
          .where(sql`${jobs.payload}->>'subject' = ${tag}`)
      )[0]!;

    await runner.runDue();
    expect(await row()).toMatchObject({ status: 'queued', attempts: 1, lastError: 'relay refused' });
    // Not due again before its delay.
    await runner.runDue();
    expect(tries).toHaveLength(1);
    await expect
      .poll(
        async () => {
          await runner.runDue();
          return (await row()).status;
        },
        { timeout: 15_000, interval: 50 },
      )
      .toBe('failed');
    expect(tries).toHaveLength(3);
    // The second delay is about twice the first.
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(390);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(790);
    expect(await row()).toMatchObject({ attempts: 3, lastError: 'relay refused' });
  });

  it('takes over a job whose process died mid-run once its lease ends', async () => {
    const tag = `orphan-${Date.now()}`;
    const [job] = await t.database.db
      .insert(jobs)
      .values({ kind: 'mail', payload: { to: 'y@example.com', subject: tag, text: '' } })
      .returning();
    // As a killed process leaves it: claimed, attempt counted, lease still running.
    await t.database.db
      .update(jobs)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '1 hour'` })
      .where(eq(jobs.id, job!.id));
    const ran: string[] = [];
    const runner = startJobRunner({
      db: t.database.db,
      pollMs: 3_600_000,
      retryBaseMs: 1000,
      log: silent,
      handlers: {
        mail: async (payload) => {
          if ((payload as { subject: string }).subject === tag) ran.push(tag);
        },
      },
    });
    runners.push(runner);
    await runner.runDue();
    expect(ran).toHaveLength(0);
    await t.database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job!.id));
    await runner.runDue();
    expect(ran).toEqual([tag]);
  });
});
