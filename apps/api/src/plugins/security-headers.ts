import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Runs helmet once against a recorder and returns the headers it sets. Our policy is the same
 * for every response (no per-request nonces), so there is nothing to compute per request —
 * unlike @fastify/helmet, which rebuilds the helmet middleware on every request (see
 * docs/decisions/003-security-headers.md).
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  const req = { headers: {}, method: 'GET', url: '/' } as IncomingMessage;
  helmet(options)(req, res, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
