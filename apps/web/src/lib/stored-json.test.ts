import { describe, expect, it, vi } from 'vitest';
import { parseStoredJson, storedJsonSnapshot } from './stored-json';

const EMPTY: number[] = [];
const numbers = (data: unknown) => (Array.isArray(data) ? data.filter((n) => typeof n === 'number') : EMPTY);

/** A snapshot over a stored text the test sets, with its check counted. */
function snapshotOf(initial: string | null) {
  let raw = initial;
  const check = vi.fn(numbers);
  const snapshot = storedJsonSnapshot(() => raw, check, EMPTY);
  return { snapshot, check, store: (next: string | null) => (raw = next) };
}

describe('parseStoredJson', () => {
  it('gives what the check makes of the stored JSON', () => {
    expect(parseStoredJson('[1,"two",3]', numbers, EMPTY)).toEqual([1, 3]);
  });

  it('reads nothing stored, text that is not JSON and a check that throws as empty', () => {
    expect(parseStoredJson(null, numbers, EMPTY)).toBe(EMPTY);
    expect(parseStoredJson('{not json', numbers, EMPTY)).toBe(EMPTY);
    const refuse = () => {
      throw new TypeError('not a cart');
    };
    expect(parseStoredJson('null', refuse, EMPTY)).toBe(EMPTY);
  });
});

describe('storedJsonSnapshot', () => {
  it('gives the very same value while the stored text is unchanged, parsing it once', () => {
    const { snapshot, check } = snapshotOf('[1,2]');
    const first = snapshot();
    expect(first).toEqual([1, 2]);
    expect(snapshot()).toBe(first);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('parses again when the stored text changes, and is empty once it is removed', () => {
    const { snapshot, store } = snapshotOf('[1]');
    const first = snapshot();
    store('[1,2]');
    expect(snapshot()).toEqual([1, 2]);
    expect(snapshot()).not.toBe(first);
    store(null);
    expect(snapshot()).toBe(EMPTY);
  });
});
