import { describe, expect, it } from 'vitest';
import { redirectTargetFromState, safeRedirectPath } from './redirect-target';

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
  ])('falls back to / for %s', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });

  it('falls back to / without a remembered location', () => {
    expect(redirectTargetFromState(null)).toBe('/');
    expect(redirectTargetFromState({ from: 'x' })).toBe('/');
  });
});
