import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/testing/render';
import { signOut } from './sign-out';
import { forgetAllDrafts, forgetDraft, readDraft, writeDraft } from './tab-draft';

afterEach(() => {
  window.sessionStorage.clear();
});

describe('drafts kept in this tab', () => {
  it('gives a draft back to its owner only, in sessionStorage', () => {
    writeDraft('checkout-address', 'u1', { street: '1 Main St' });
    expect(readDraft('checkout-address', 'u1')).toEqual({ street: '1 Main St' });
    expect(readDraft('checkout-address', 'u2')).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('reads what it cannot parse, or did not write, as no draft', () => {
    window.sessionStorage.setItem('pitstop.draft.checkout-address', '{not json');
    expect(readDraft('checkout-address', 'u1')).toBeNull();
    window.sessionStorage.setItem('pitstop.draft.checkout-address', JSON.stringify({ street: 'x' }));
    expect(readDraft('checkout-address', 'u1')).toBeNull();
  });

  it('forgets one draft, or all of them (and nothing else in the tab)', () => {
    writeDraft('a', 'u1', 1);
    writeDraft('b', 'u1', 2);
    window.sessionStorage.setItem('something-else', 'kept');
    forgetDraft('a');
    expect(readDraft('a', 'u1')).toBeNull();
    expect(readDraft('b', 'u1')).toBe(2);
    forgetAllDrafts();
    expect(readDraft('b', 'u1')).toBeNull();
    expect(window.sessionStorage.getItem('something-else')).toBe('kept');
  });

  it('are all forgotten when the customer signs out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json' } }))),
    );
    window.localStorage.setItem('accessToken', 'key-1');
    writeDraft('checkout-address', 'u1', { street: '1 Main St' });

    await signOut(createTestQueryClient());

    expect(readDraft('checkout-address', 'u1')).toBeNull();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });
});
