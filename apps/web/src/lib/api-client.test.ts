import { describe, expect, it, vi } from 'vitest';
import { authErrorResponse } from '@/testing/account-factory';
import { jsonResponse, mockFetch, problemResponse } from '@/testing/render';
import { ApiError, apiGet, apiPost, apiRequest, buildApiUrl } from './api-client';
import { onUnauthorized } from './auth-events';

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
    // A list is the key repeated, in its order.
    expect(buildApiUrl('/parts/facets', { brand: ['Yamaha', 'Honda'], q: 'pad' })).toBe(
      '/api/parts/facets?brand=Yamaha&brand=Honda&q=pad',
    );

    const fetchSpy = mockFetch(() => jsonResponse([], { headers: { 'x-total-count': '0' } }));
    const response = await apiRequest<unknown[]>('/parts', { params: { limit: 6 } });
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('/api/parts?limit=6');
    expect(response.headers.get('x-total-count')).toBe('0');
    expect(response.data).toEqual([]);
  });
});

describe('api-client sessions', () => {
  it('ends the session on a 401: drops the token and tells the router', async () => {
    window.localStorage.setItem('accessToken', 'stale-token');
    const unauthorized = vi.fn();
    const stop = onUnauthorized(unauthorized);
    mockFetch(() => problemResponse(401, 'Unauthorized', 'Sign in first'));

    await expect(apiGet('/me')).rejects.toMatchObject({ status: 401 });

    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps the session when the call says its 401 means something else (a wrong password)', async () => {
    window.localStorage.setItem('accessToken', 'token-1');
    const unauthorized = vi.fn();
    const stop = onUnauthorized(unauthorized);
    mockFetch(() => authErrorResponse(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'));

    const error = await apiRequest('/auth/sign-in/email', {
      method: 'POST',
      body: {},
      signOutOn401: false,
    }).catch((e: unknown) => e);

    expect(error).toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(window.localStorage.getItem('accessToken')).toBe('token-1');
    expect(unauthorized).not.toHaveBeenCalled();
    stop();
  });

  it('does not end the session on a 403', async () => {
    window.localStorage.setItem('accessToken', 'token-1');
    mockFetch(() => problemResponse(403, 'Forbidden', 'Not yours'));

    await expect(apiGet('/admin/x%40y.com')).rejects.toMatchObject({ status: 403 });
    expect(window.localStorage.getItem('accessToken')).toBe('token-1');
  });

  it('sends a given token instead of the stored one, or none, and FormData as multipart', async () => {
    window.localStorage.setItem('accessToken', 'stored');
    const fetchSpy = mockFetch(() => jsonResponse({ ok: true }));

    await apiPost('/a', { x: 1 }, { token: 'given' });
    await apiPost('/b', { x: 1 }, { token: null });
    const form = new FormData();
    form.append('image', new File(['x'], 'a.png', { type: 'image/png' }));
    await apiPost('/uploads', form);

    const initOf = (call: number) => fetchSpy.mock.calls[call]?.[1];
    expect(new Headers(initOf(0)?.headers).get('Authorization')).toBe('Bearer given');
    expect(new Headers(initOf(0)?.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(initOf(1)?.headers).has('Authorization')).toBe(false);
    expect(initOf(2)?.body).toBe(form);
    expect(new Headers(initOf(2)?.headers).get('Authorization')).toBe('Bearer stored');
    // The browser writes the multipart boundary itself; a hand-set Content-Type would lose it.
    expect(new Headers(initOf(2)?.headers).has('Content-Type')).toBe(false);
  });
});
