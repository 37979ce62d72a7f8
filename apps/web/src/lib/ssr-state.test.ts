import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from './api-client';
import { readSsrState, serializeSsrState, SSR_STATE_ID } from './ssr-state';

async function stateWith(data: unknown, error?: ApiError) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.prefetchQuery({ queryKey: ['ok'], queryFn: () => Promise.resolve(data) });
  if (error) await client.prefetchQuery({ queryKey: ['missing'], queryFn: () => Promise.reject(error) });
  return dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' });
}

function documentWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = SSR_STATE_ID;
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

describe('server-rendered query state', () => {
  it('cannot end its script block, whatever the data says', async () => {
    const json = serializeSsrState(await stateWith({ name: '</script><script>alert(1)</script><!--' }));
    expect(json).not.toContain('<');
    const state = readSsrState(documentWith(json));
    expect(state?.queries[0]?.state.data).toEqual({ name: '</script><script>alert(1)</script><!--' });
  });

  it('brings an API error back as an ApiError with its status', async () => {
    const missing = new ApiError({ status: 404, title: 'Not Found', detail: 'We could not find that part.' });
    const state = readSsrState(documentWith(serializeSsrState(await stateWith([1], missing))));
    const error = state?.queries.find((q) => q.queryKey[0] === 'missing')?.state.error;
    expect(isApiError(error)).toBe(true);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).detail).toBe('We could not find that part.');
  });

  it('counts the answers as read when the page arrives, however long ago the server rendered it', async () => {
    const rendered = await stateWith([1]);
    const query = rendered.queries[0]!;
    const keptAnHour = {
      ...rendered,
      queries: [{ ...query, state: { ...query.state, dataUpdatedAt: Date.now() - 3_600_000 } }],
    };
    const before = Date.now();
    const state = readSsrState(documentWith(serializeSsrState(keptAnHour)));
    expect(state?.queries[0]?.state.dataUpdatedAt).toBeGreaterThanOrEqual(before);
    expect(state?.queries[0]?.state.data).toEqual([1]);
  });

  it('is absent from a page the server did not render', () => {
    expect(readSsrState(document.implementation.createHTMLDocument('t'))).toBeUndefined();
  });
});
