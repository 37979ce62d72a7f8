import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, problemResponse } from '@/testing/render';
import { ApiError, apiGet, apiRequest, buildApiUrl } from './api-client';

describe('api-client', () => {
  it('turns a problem+json 404 into an ApiError with status, title and detail', async () => {
    mockFetch(() => problemResponse(404, 'Not Found', 'No part with id 123'));

    const error: unknown = await apiGet('/parts/123').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(404);
    expect(apiError.title).toBe('Not Found');
    expect(apiError.detail).toBe('No part with id 123');
    expect(apiError.isNotFound).toBe(true);
    expect(apiError.message).toBe('No part with id 123');
  });

  it('keeps the field errors of a validation problem', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          errors: [{ field: 'id', message: 'bad id' }],
        },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      ),
    );

    await expect(apiGet('/parts/x')).rejects.toMatchObject({
      status: 400,
      errors: [{ field: 'id', message: 'bad id' }],
    });
  });

  it('reports a non-JSON server failure with the HTTP status', async () => {
    mockFetch(() => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }));

    await expect(apiGet('/parts')).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      title: 'Bad Gateway',
    });
  });

  it('reports a network failure as status 0', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(apiGet('/parts')).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });

  it('sends the stored access token as a bearer token, and none when signed out', async () => {
    const fetchSpy = mockFetch(() => jsonResponse([]));

    await apiGet('/parts');
    window.localStorage.setItem('accessToken', 'token-123');
    await apiGet('/parts');

    const headersOf = (call: number) => new Headers(fetchSpy.mock.calls[call]?.[1]?.headers);
    expect(headersOf(0).has('Authorization')).toBe(false);
    expect(headersOf(1).get('Authorization')).toBe('Bearer token-123');
  });

  it('builds /api URLs with query parameters, skipping empty ones', async () => {
    expect(buildApiUrl('/parts', { limit: 24, offset: 0, brand: 'TVS', q: '', category: undefined })).toBe(
      '/api/parts?limit=24&offset=0&brand=TVS',
    );

    const fetchSpy = mockFetch(() => jsonResponse([], { headers: { 'x-total-count': '0' } }));
    const response = await apiRequest<unknown[]>('/parts', { params: { limit: 6 } });
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('/api/parts?limit=6');
    expect(response.headers.get('x-total-count')).toBe('0');
    expect(response.data).toEqual([]);
  });
});
