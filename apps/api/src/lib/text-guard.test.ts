import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textRuleTexts } from '@pitstop/core/messages';
import { registerErrorHandling } from './errors.js';
import { findRefusedText, registerTextGuard } from './text-guard.js';

/*
 * The backstop alone, on routes that forgot the rule: a path parameter typed z.string(), a route
 * with no schema at all. Whatever reached the handler would go to the database.
 */
let app: FastifyInstance;
const reached: unknown[] = [];

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerTextGuard(app);
  app.get('/things/:name', { schema: { params: z.object({ name: z.string() }) } }, async (request) => {
    reached.push(request.params);
    return { ok: true };
  });
  app.post('/anything', async (request) => {
    reached.push(request.body);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const refusal = (field: string) => ({
  status: 400,
  detail: textRuleTexts.controlCharacters,
  errors: [{ field, message: textRuleTexts.controlCharacters }],
});

describe('the NUL backstop', () => {
  it('refuses a NUL in a path parameter, a query or a JSON body, naming where', async () => {
    const before = reached.length;
    const answers = await Promise.all([
      app.inject({ url: '/things/a%00b' }),
      app.inject({ url: '/things/ok?q=%00' }),
      app.inject({ url: '/things/ok?%00=1' }),
      app.inject({
        method: 'POST',
        url: '/anything',
        payload: { lines: [{ note: 'ok' }, { note: 'a\u0000' }] },
      }),
      app.inject({ method: 'POST', url: '/anything', payload: { 'k\u0000ey': 'value' } }),
      app.inject({
        method: 'POST',
        url: '/anything',
        headers: { 'content-type': 'text/plain' },
        payload: 'plain\u0000text',
      }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(
      answers.every((res) => String(res.headers['content-type']).startsWith('application/problem+json')),
    ).toBe(true);
    expect(answers.map((res) => res.json())).toMatchObject([
      refusal('name'),
      refusal('q'),
      refusal(' '),
      refusal('lines.1.note'),
      refusal('k ey'),
      refusal('body'),
    ]);
    expect(reached.length).toBe(before);
  });

  it('lets other text through, control characters other than NUL too (the schemas refuse those)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/anything',
      payload: { note: 'one\ntwo\u0085', n: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/things/caf%C3%A9' })).statusCode).toBe(200);
  });

  it('walks a deeply nested body without running out of stack', async () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findRefusedText(deep, (text) => text.includes('\u0000'))).toHaveLength(100_000);
    const res = await app.inject({
      method: 'POST',
      url: '/anything',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(5_000)}"a\\u0000"${']'.repeat(5_000)}`,
    });
    expect(res.statusCode).toBe(400);
  });
});
