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
