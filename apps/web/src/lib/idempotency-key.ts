import { useRef } from 'react';
import { isApiError } from './api-client';

/** 128 random bits as hex; `crypto.randomUUID` exists only on HTTPS and localhost. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The request options that send this key (none without a key). */
export function idempotencyHeader(key: string | undefined): { headers?: Record<string, string> } {
  return key ? { headers: { 'Idempotency-Key': key } } : {};
}

/** Whether the request may have been carried out although no answer said so. */
function outcomeUnknown(error: unknown): boolean {
  return !isApiError(error) || error.isNetworkError || error.status >= 500;
}

/**
 * The Idempotency-Key of a request that places an order (docs/decisions/022). A retry of the
 * same request after a lost answer (no connection, a 5xx) sends the same key, so the server answers
 * the order it may already have placed instead of placing a second; any other answer, or a
 * different request, starts a new key.
 */
export function useIdempotencyKey() {
  const kept = useRef<{ key: string; request: string } | null>(null);
  return {
    /** The key for this request: the kept one if it is the same request again, else a new one. */
    for(request: unknown): string {
      const json = JSON.stringify(request);
      if (kept.current?.request !== json) kept.current = { key: newKey(), request: json };
      return kept.current.key;
    },
    /** After the request: keep the key only when its outcome is unknown. */
    settled(error: unknown): void {
      if (error === null || !outcomeUnknown(error)) kept.current = null;
    },
  };
}
