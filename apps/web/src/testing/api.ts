import { problemResponse, mockFetch } from './render';

type RouteHandler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * A fake API for one test: handlers keyed by "METHOD /api/path" (the path as sent, so an email
 * in it reads %40). Anything else answers 404, so a test sees an unexpected call fail.
 */
export function mockApi(routes: Record<string, RouteHandler>) {
  const spy = mockFetch((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    return handler ? handler(url, init) : problemResponse(404, 'Not Found', `No mock for ${key}`);
  });

  /** The requests made to one route, in order. */
  function callsTo(key: string): { url: URL; init: RequestInit | undefined }[] {
    return spy.mock.calls
      .map(([input, init]) => {
        const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        return { url: new URL(raw, 'http://localhost'), init };
      })
      .filter(({ url, init }) => `${init?.method ?? 'GET'} ${url.pathname}` === key);
  }

  return { spy, callsTo };
}

/** The Authorization header a request carried, or null. */
export function authorizationOf(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('Authorization');
}
