import { describe, expect, it } from 'vitest';
import { RenderedPageSchema } from './rendered-page.js';

const page = {
  status: 200,
  head: '<title>Parts</title>',
  body: '<main>Parts</main>',
  state: '{"queries":[]}',
  modules: ['src/app/routes/parts.tsx'],
};

describe('RenderedPageSchema', () => {
  it('takes a page as the server bundle renders it, each status a page may ask for', () => {
    for (const status of [200, 404, 500, 503]) {
      expect(RenderedPageSchema.parse({ ...page, status })).toEqual({ ...page, status });
    }
  });

  it('refuses a page the API could not send: no status, a status that is not one, a missing part', () => {
    expect(RenderedPageSchema.safeParse({ ...page, status: undefined }).success).toBe(false);
    expect(RenderedPageSchema.safeParse({ ...page, status: 99 }).success).toBe(false);
    expect(RenderedPageSchema.safeParse({ ...page, status: 200.5 }).success).toBe(false);
    const { state: _state, ...withoutState } = page;
    expect(RenderedPageSchema.safeParse(withoutState).success).toBe(false);
  });
});
