import { hasControlCharacters } from '@pitstop/core/control-characters';

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
  // A browser drops tabs and line breaks from an address: '/\t/evil.example' would be '//evil…'.
  if (hasControlCharacters(value)) return DEFAULT_REDIRECT;
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

/** The query parameter that carries the return address through the sign-in screens. */
export const FROM_PARAM = 'from';

/**
 * Where to go after signing in: the guard's remembered location (`state.from`), else the `?from=`
 * of the address (a link that opened in a new tab, a reload, Google's error return), else home.
 * Either way only a path on this site (safeRedirectPath): no open redirect.
 */
export function redirectTarget(state: unknown, params: URLSearchParams): string {
  const fromState = redirectTargetFromState(state);
  if (fromState !== DEFAULT_REDIRECT) return fromState;
  return safeRedirectPath(params.get(FROM_PARAM));
}

/** `?from=<path>` for a sign-in screen's address, or '' when the target is home. */
export function fromSearch(target: string): string {
  const path = safeRedirectPath(target);
  return path === DEFAULT_REDIRECT ? '' : `?${new URLSearchParams({ [FROM_PARAM]: path }).toString()}`;
}
