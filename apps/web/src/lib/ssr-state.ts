import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from './api-client';

import { SSR_STATE_ID } from './ssr-state-id';

export { SSR_STATE_ID };

interface SerializedApiError {
  __apiError: ConstructorParameters<typeof ApiError>[0];
}

function isSerializedApiError(value: unknown): value is SerializedApiError {
  return typeof value === 'object' && value !== null && '__apiError' in value;
}

/**
 * The dehydrated cache as JSON that is safe inside <script type="application/json">: an ApiError
 * (a part that does not exist) keeps its status, and no "</script>" or "<!--" can end the block.
 */
export function serializeSsrState(state: DehydratedState, modules: readonly string[] = []): string {
  const queries = state.queries.map((query) => {
    const error = query.state.error;
    if (!(error instanceof ApiError)) return query;
    const plain: SerializedApiError = {
      __apiError: {
        status: error.status,
        title: error.title,
        detail: error.detail,
        type: error.type,
        errors: error.errors,
        code: error.code,
      },
    };
    return { ...query, state: { ...query.state, error: plain } };
  });
  return JSON.stringify({ ...state, queries, modules }).replace(/</g, '\\u003c');
}

/** The server's query answers, and the lazily loaded modules (source paths) its page rendered. */
export type SsrState = DehydratedState & { modules?: string[] };

/**
 * Reads the server's answers, if the page was rendered on the server, turning errors back into
 * ApiErrors. The answers count as read now, not when the page was rendered: the server keeps a
 * rendered page only until something it shows changes (docs/decisions/025), so a page may have
 * been rendered minutes ago and still be current; dated by their render, they would look stale
 * and be asked for again at once.
 */
export function readSsrState(doc: Document): SsrState | undefined {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return undefined;
  const state = JSON.parse(text) as SsrState;
  const now = Date.now();
  for (const query of state.queries) {
    if (query.state.status === 'success') query.state.dataUpdatedAt = now;
    const error: unknown = query.state.error;
    if (isSerializedApiError(error)) {
      (query.state as { error: unknown }).error = new ApiError(error.__apiError);
    }
  }
  return state;
}
