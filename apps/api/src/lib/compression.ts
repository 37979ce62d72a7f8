import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { GZIP_MIN_BYTES } from './response-cache.js';

/**
 * The types that go out compressed: the compression plugin's own default list (text, JSON, XML),
 * written here so the Vary rule below reads the same list the plugin compresses by.
 */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;

/** Whether the compression plugin would compress this answer for a client that asked. */
function hasCompressedCopy(reply: FastifyReply, payload: unknown): boolean {
  // An answer that chose its encoding itself (the cache's gzip copy, a pre-compressed asset)
  // says Vary itself, whichever copy it chose.
  if (reply.hasHeader('content-encoding')) return false;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return false;
  if (typeof payload === 'string') return Buffer.byteLength(payload) >= GZIP_MIN_BYTES;
  if (Buffer.isBuffer(payload)) return payload.length >= GZIP_MIN_BYTES;
  // A stream is compressed whatever its length.
  return typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
}

function addVaryAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}

/**
 * JSON and pages go out gzip-compressed (built assets are already compressed on disk). An answer
 * that has a compressed copy says `Vary: Accept-Encoding` also when the copy sent is the plain
 * one (the plugin says it only when it compresses), so a shared cache never hands the plain copy
 * to a client that asked for gzip, or the other way round.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['gzip', 'deflate'],
    threshold: GZIP_MIN_BYTES,
    customTypes: COMPRESSIBLE,
  });
  // An app-wide hook runs before the plugin's per-route one, so it sees the plain payload.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (payload != null && hasCompressedCopy(reply, payload)) addVaryAcceptEncoding(reply);
    done(null, payload);
  });
}
