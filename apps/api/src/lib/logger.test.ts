import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.js';

describe('log format', () => {
  it('is one pretty line per entry on a terminal outside production', () => {
    const options = loggerOptions({ env: 'development', logLevel: 'info' }, true);
    expect(options).toMatchObject({
      level: 'info',
      transport: { target: 'pino-pretty', options: { singleLine: true } },
    });
  });

  it.each([
    ['production on a terminal', 'production', true],
    ['development into a pipe or file', 'development', false],
    ['production into a pipe', 'production', false],
  ] as const)('is JSON for %s', (_what, env, terminal) => {
    const options = loggerOptions({ env, logLevel: 'warn' }, terminal);
    expect(options).not.toHaveProperty('transport');
    expect(options).toMatchObject({ level: 'warn' });
  });

  it('keeps credentials out of every format', () => {
    for (const terminal of [true, false]) {
      const { redact } = loggerOptions({ env: 'development', logLevel: 'info' }, terminal) as {
        redact: string[];
      };
      expect(redact).toEqual(expect.arrayContaining(['req.headers.authorization', 'req.headers.cookie']));
    }
  });
});

describe('what counts as an error', () => {
  it('logs a client that went away mid-answer at debug, and real errors as errors', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    const app = Fastify({
      logger: { ...loggerOptions({ env: 'production', logLevel: 'debug' }, false), stream },
    });
    // As @fastify/compress reports a stream the client closed, and as a route's failure is logged.
    app.log.error(new Error('premature close'));
    app.log.error({ err: new Error('premature close') }, 'premature close');
    app.log.error(new Error('the database went away'));
    await app.close();
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [20, 'premature close'],
      [20, 'premature close'],
      [50, 'the database went away'],
    ]);
  });
});
