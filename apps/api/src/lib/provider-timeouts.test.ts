import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './mail.js';
import { stripeClient } from './payments/stripe.js';

/** A server that accepts connections and never says a word: the worst kind of slow provider. */
let silent: net.Server;
let port: number;
const sockets = new Set<net.Socket>();
beforeAll(async () => {
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

describe('a provider that stalls', () => {
  it('fails an SMTP send after the configured timeout instead of holding it', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Pitstop Parts <no-reply@pitstop.com>',
      dataDir: os.tmpdir(),
      log,
      timeoutMs: 300,
    });
    const from = Date.now();
    await expect(mailer.send({ to: 'a@b.com', subject: 'Hi', text: 'Hello' })).rejects.toThrow();
    expect(Date.now() - from).toBeLessThan(3_000);
  });

  it('fails a Stripe call after its timeout and retries', async () => {
    const stripe = stripeClient('sk_test_resilience', `http://127.0.0.1:${port}`, {
      timeoutMs: 300,
      maxNetworkRetries: 1,
    });
    const from = Date.now();
    await expect(stripe.paymentIntents.retrieve('pi_stalled')).rejects.toThrow();
    const took = Date.now() - from;
    // One attempt and one retry, each cut at 300 ms (plus the SDK's short backoff).
    expect(took).toBeGreaterThanOrEqual(550);
    expect(took).toBeLessThan(5_000);
  });
});
