import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
}

/**
 * A local stand-in for Stripe's PaymentIntents endpoints, enough for the official SDK: create
 * (honouring Idempotency-Key) and retrieve. Tests move an intent to succeeded themselves.
 */
export async function startStripeFake() {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  let created = 0;
  let seq = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++seq}` });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const existing = key ? byKey.get(key) : undefined;
        if (existing) return send(200, intents.get(existing));
        const form = new URLSearchParams(raw);
        const id = `pi_fake_${++created}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: String(form.get('currency')),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake`,
          description: form.get('description'),
          metadata: { orderId: String(form.get('metadata[orderId]')) },
        };
        intents.set(id, intent);
        if (key) byKey.set(key, id);
        return send(200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const intent = intents.get(decodeURIComponent(match[1] ?? ''));
        return intent
          ? send(200, intent)
          : send(404, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such payment_intent',
              },
            });
      }
      return send(404, { error: { type: 'invalid_request_error', message: 'Unknown route' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    get created() {
      return created;
    },
    succeed(id: string, changes: Partial<FakeIntent> = {}) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      Object.assign(intent, { status: 'succeeded' }, changes);
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
