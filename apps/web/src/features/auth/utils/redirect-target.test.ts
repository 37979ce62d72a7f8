import { describe, expect, it } from 'vitest';
import { fromSearch, redirectTarget, redirectTargetFromState, safeRedirectPath } from './redirect-target';

describe('redirect targets', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeRedirectPath('/parts/abc?tab=fit')).toBe('/parts/abc?tab=fit');
    expect(redirectTargetFromState({ from: { pathname: '/order', search: '?page=2' } })).toBe(
      '/order?page=2',
    );
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'order',
    '',
    null,
    42,
    '/login',
    '/register?x',
    '/\t/evil.example',
    '/\n/evil.example',
  ])('falls back to / for %s', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });

  it('falls back to / without a remembered location', () => {
    expect(redirectTargetFromState(null)).toBe('/');
    expect(redirectTargetFromState({ from: 'x' })).toBe('/');
  });

  it('takes ?from= when no guard remembered a location, and prefers the guard’s', () => {
    expect(redirectTarget(null, new URLSearchParams('from=/checkout'))).toBe('/checkout');
    expect(redirectTarget(null, new URLSearchParams('from=%2Fparts%3Fq%3Dpads'))).toBe('/parts?q=pads');
    expect(
      redirectTarget({ from: { pathname: '/order', search: '' } }, new URLSearchParams('from=/checkout')),
    ).toBe('/order');
    expect(redirectTarget(null, new URLSearchParams())).toBe('/');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', '/login', 'checkout'])(
    'never takes ?from=%s off the site or back into the sign-in screens',
    (from) => {
      expect(redirectTarget(null, new URLSearchParams({ from }))).toBe('/');
    },
  );

  it('writes ?from= for a path, and nothing for home or a path it would refuse', () => {
    expect(fromSearch('/checkout')).toBe('?from=%2Fcheckout');
    expect(fromSearch('/')).toBe('');
    expect(fromSearch('//evil.example')).toBe('');
  });
});
