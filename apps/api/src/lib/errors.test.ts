import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestDatabase, testConfig } from '../test/app.js';
import { isDatabaseUnavailable } from './errors.js';

describe('isDatabaseUnavailable', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }],
    [{ code: '08006' }],
    [new Error('Connection terminated unexpectedly')],
    [{ message: 'wrapped', cause: { code: 'ECONNRESET' } }],
    [{ code: '57P03', message: 'the database system is starting up' }],
    [{ code: '53300', message: 'sorry, too many clients already' }],
    [new Error('Client has encountered a connection error and is not queryable')],
    [new Error('timeout exceeded when trying to connect')],
    [
      Object.assign(new AggregateError([{ code: 'ECONNREFUSED' }, { code: 'ECONNREFUSED' }]), {
        code: undefined,
      }),
    ],
  ])('recognises %o', (error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([[{ code: '23505' }], [{ code: '23514' }], [new Error('syntax error at or near')], [null]])(
    'leaves %o alone',
    (error) => expect(isDatabaseUnavailable(error)).toBe(false),
  );
});

describe('a request while the database is gone', () => {
  it('answers 503 with Retry-After and no internals', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), { database, logger: false });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/api/parts?limit=3' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.body).not.toMatch(/stack|select|pglite/i);
    await app.close();
  });
});
