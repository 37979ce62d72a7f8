/** Where a visitor goes after signing in when nothing better is known. */
export const DEFAULT_REDIRECT = '/';

const NO_RETURN = ['/login', '/register', '/reset-password', '/auth/callback'];

/**
 * A same-site path to navigate to, or the default. Rejects anything that could leave the site
 * ('//evil.example', 'https://…', '/\\evil') or loop back into the sign-in screens.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return DEFAULT_REDIRECT;
  if (value.includes('\\')) return DEFAULT_REDIRECT;
  const pathname = value.split(/[?#]/)[0] ?? '';
  if (NO_RETURN.includes(pathname)) return DEFAULT_REDIRECT;
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The path a guard remembered in the location state (`{ from: location }`), as pathname+search,
 * or '/' when the visitor opened the sign-in screen directly.
 */
export function redirectTargetFromState(state: unknown): string {
  if (!isRecord(state) || !isRecord(state.from)) return DEFAULT_REDIRECT;
  const { pathname, search } = state.from;
  if (typeof pathname !== 'string') return DEFAULT_REDIRECT;
  return safeRedirectPath(`${pathname}${typeof search === 'string' ? search : ''}`);
}
