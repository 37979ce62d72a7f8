import { emitUnauthorized } from './auth-events';
import { clearAccessToken, getAccessToken } from './session';

/**
 * The web app's only fetch. Every call goes to `/api/*` on the same origin, carries the stored
 * access token when there is one, and turns RFC 9457 problem+json answers (and better-auth's
 * `{code, message}` answers) into an ApiError. A 401 means the session is over: the token is
 * dropped and the router is told, so it can clear cached data and go to /login.
 */

export const API_BASE = '/api';

export interface ApiFieldError {
  field: string;
  message: string;
}

/** An HTTP error answer from the API (or a network failure, with status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly type: string;
  readonly errors: ApiFieldError[];
  /** better-auth's machine-readable error code, e.g. INVALID_EMAIL_OR_PASSWORD. */
  readonly code: string | undefined;

  constructor(init: {
    status: number;
    title: string;
    detail?: string | undefined;
    type?: string | undefined;
    errors?: ApiFieldError[] | undefined;
    code?: string | undefined;
  }) {
    super(init.detail ?? init.title);
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail;
    this.type = init.type ?? 'about:blank';
    this.errors = init.errors ?? [];
    this.code = init.code;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  /** Sent as JSON, or as it is when FormData (the browser sets the multipart boundary). */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** The bearer token to send instead of the stored one; null sends none (cookie only). */
  token?: string | null;
  /**
   * Whether a 401 ends the session (the default). Calls whose 401 means something else (a wrong
   * password at sign-in, an expired reset link) or that run before a token exists pass false.
   */
  signOutOn401?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export function buildApiUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return `${API_BASE}${path}${query ? `?${query}` : ''}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toApiError(status: number, statusText: string, body: unknown): ApiError {
  if (isRecord(body)) {
    const message = typeof body.message === 'string' ? body.message : undefined;
    const errors = Array.isArray(body.errors)
      ? body.errors.filter(
          (e): e is ApiFieldError =>
            isRecord(e) && typeof e.field === 'string' && typeof e.message === 'string',
        )
      : undefined;
    return new ApiError({
      status: typeof body.status === 'number' ? body.status : status,
      title: typeof body.title === 'string' ? body.title : statusText || `HTTP ${status}`,
      detail: typeof body.detail === 'string' ? body.detail : message,
      type: typeof body.type === 'string' ? body.type : undefined,
      errors,
      code: typeof body.code === 'string' ? body.code : undefined,
    });
  }
  return new ApiError({ status, title: statusText || `HTTP ${status}` });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    try {
      return (await response.json()) as unknown;
    } catch {
      return undefined;
    }
  }
  const text = await response.text();
  return text === '' ? undefined : text;
}

/**
 * Sends a request and resolves with the parsed body and headers. The body is trusted to have the
 * documented shape (T): the API serialises every answer through its response schema, and the web
 * bundle stays free of a runtime validator.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
  const headers = new Headers({ Accept: 'application/json, application/problem+json' });
  const token = options.token === undefined ? getAccessToken() : options.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, options.params), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, title: 'Network error', detail: 'The shop could not be reached.' });
  }

  const data = await readBody(response);
  if (response.status === 401 && options.signOutOn401 !== false) {
    clearAccessToken();
    emitUnauthorized();
  }
  if (!response.ok) throw toApiError(response.status, response.statusText, data);
  return { data: data as T, status: response.status, headers: response.headers };
}

export async function apiGet<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  const { data } = await apiRequest<T>(path, { ...options, method: 'GET' });
  return data;
}

type SendOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export async function apiPost<T>(path: string, body?: unknown, options: SendOptions = {}): Promise<T> {
  const { data } = await apiRequest<T>(path, { ...options, method: 'POST', body });
  return data;
}

export async function apiPut<T>(path: string, body?: unknown, options: SendOptions = {}): Promise<T> {
  const { data } = await apiRequest<T>(path, { ...options, method: 'PUT', body });
  return data;
}

export async function apiPatch<T>(path: string, body?: unknown, options: SendOptions = {}): Promise<T> {
  const { data } = await apiRequest<T>(path, { ...options, method: 'PATCH', body });
  return data;
}

export async function apiDelete<T>(path: string, options: SendOptions = {}): Promise<T> {
  const { data } = await apiRequest<T>(path, { ...options, method: 'DELETE' });
  return data;
}
