import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (uploads with progress): records what was sent and lets the
 * test drive the upload's progress and the server's answer, with no network.
 */
export class FakeXhr extends EventTarget {
  method = '';
  url = '';
  body: unknown = undefined;
  readonly requestHeaders: Record<string, string> = {};
  readonly upload = new EventTarget();
  status = 0;
  statusText = '';
  responseText = '';
  private responseHeaders: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.dispatchEvent(new Event('abort'));
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  getAllResponseHeaders(): string {
    return Object.entries(this.responseHeaders)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { loaded, total, lengthComputable: true });
    this.upload.dispatchEvent(event);
  }
  /** The whole body is sent; the server is working. */
  uploaded() {
    this.upload.dispatchEvent(new Event('load'));
  }
  /** The server answers. */
  respond(status: number, body: unknown, contentType = 'application/json; charset=utf-8') {
    this.status = status;
    this.responseHeaders = { 'content-type': contentType };
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
}

/** Installs FakeXhr for one test (setup.ts unstubs globals after each); returns the requests made. */
export function installFakeXhr(): FakeXhr[] {
  const requests: FakeXhr[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super();
        requests.push(this);
      }
    },
  );
  return requests;
}
