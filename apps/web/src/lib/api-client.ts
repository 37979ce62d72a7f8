import { emitUnauthorized } from './auth-events';
import { clearAccessToken, getAccessToken } from './session';

/**
 * The web app's only fetch. Every call goes to `/api/*` on the same origin, carries the stored
 * access token when there is one, and turns RFC 9457 problem+json answers (and better-auth's
 * `{code, message}` answers) into an ApiError. A 401 means the session is over: the token is
 * dropped and the router is told, so it can clear cached data and go to /login.
 */

export const API_BASE = '/api';

type Transport = (url: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (url, init) => fetch(url, init);

/**
 * Where requests go. The browser uses fetch; server rendering answers them inside the API
 * process (see entry-server.tsx), so a server-rendered page costs no HTTP round trip.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

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

  /** A 4xx other than 401: a refusal that asking again will not change (an ended session might). */
  get isRefusal(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 401;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A list is sent as the key repeated (`brand=Honda&brand=Yamaha`), in its order. */
export type QueryParams = Record<
  string,
  string | number | boolean | null | undefined | readonly (string | number)[]
>;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  /**
   * Sent as JSON, or as it is when FormData (the browser sets the multipart boundary) or a Blob
   * (sent with its own type: a CSV file to import).
   */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** The bearer token to send instead of the stored one; null sends none (cookie only). */
  token?: string | null;
  /**
   * Whether a 401 ends the session (the default). Calls whose 401 means something else (a wrong
   * password at sign-in, an expired reset link) or that run before a token exists pass false.
   */
  signOutOn401?: boolean;
  /** Extra request headers (an Idempotency-Key, for instance). */
  headers?: Record<string, string>;
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
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) search.append(key, String(item));
    } else {
      search.set(key, String(value));
    }
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

/** The bearer token a call sends: the one it was given, else the stored one; null sends none. */
function tokenOf(options: { token?: string | null }): string | null {
  return options.token === undefined ? getAccessToken() : options.token;
}

function networkError(): ApiError {
  return new ApiError({ status: 0, title: 'Network error', detail: 'The shop could not be reached.' });
}

/** A 401 ends the session: the token is dropped and the router told (unless the call says not). */
function endSessionOn401(status: number, options: { signOutOn401?: boolean }): void {
  if (status === 401 && options.signOutOn401 !== false) {
    clearAccessToken();
    emitUnauthorized();
  }
}

/** The transport; a failure to reach the API becomes an ApiError (status 0), a cancel stays one. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await transport(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
}

/**
 * Sends a request and resolves with the parsed body and headers. The body is trusted to have the
 * documented shape (T): the API serialises every answer through its response schema, and the web
 * bundle stays free of a runtime validator.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json, application/problem+json' });
  const token = tokenOf(options);
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const response = await send(buildApiUrl(path, options.params), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });

  const data = await readBody(response);
  endSessionOn401(response.status, options);
  if (!response.ok) throw toApiError(response.status, response.statusText, data);
  return { data: data as T, status: response.status, headers: response.headers };
}

export interface UploadProgress {
  loaded: number;
  /** Null when the browser cannot tell the size. */
  total: number | null;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  body: FormData;
  /** Called as the body goes out (XMLHttpRequest upload events: fetch cannot report them). */
  onProgress?: (progress: UploadProgress) => void;
  /** Called once the whole body is sent, while the server works on its answer. */
  onUploaded?: () => void;
  signal?: AbortSignal | undefined;
  token?: string | null;
  signOutOn401?: boolean;
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * A multipart upload that reports its progress: the same token, 401 handling and problem+json
 * errors as apiRequest, over XMLHttpRequest because fetch has no upload progress events.
 */
export function uploadWithProgress<T>(path: string, options: UploadOptions): Promise<ApiResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', buildApiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json, application/problem+json');
    const token = tokenOf(options);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.addEventListener('progress', (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    });
    xhr.upload.addEventListener('load', () => options.onUploaded?.());
    xhr.addEventListener('load', () => {
      const contentType = xhr.getResponseHeader('content-type') ?? '';
      let data: unknown = xhr.responseText === '' ? undefined : xhr.responseText;
      if (contentType.includes('json') && typeof data === 'string') {
        try {
          data = JSON.parse(data) as unknown;
        } catch {
          data = undefined;
        }
      }
      endSessionOn401(xhr.status, options);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toApiError(xhr.status, xhr.statusText, data));
        return;
      }
      resolve({ data: data as T, status: xhr.status, headers: headersOf(xhr) });
    });
    xhr.addEventListener('error', () => reject(networkError()));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(options.body);
  });
}

/**
 * A file download (CSV export) as a Blob, with the stored token; refusals become ApiErrors like
 * every other call. The suggested file name comes from Content-Disposition when there is one.
 */
export async function apiBlob(
  path: string,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const headers = new Headers();
  const token = tokenOf(options);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await send(buildApiUrl(path, options.params), {
    headers,
    signal: options.signal,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const data = await readBody(response);
    endSessionOn401(response.status, options);
    throw toApiError(response.status, response.statusText, data);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
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
