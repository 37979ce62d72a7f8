import { describe, expect, it } from 'vitest';
import { remembered } from './remembered.js';

describe('remembered', () => {
  it('makes a key’s promise once and answers it to every later caller', async () => {
    const memo = new Map<string, Promise<number>>();
    let made = 0;
    const make = async () => ++made;
    const first = remembered(memo, 'a', make);
    expect(remembered(memo, 'a', make)).toBe(first);
    expect(await first).toBe(1);
    expect(await remembered(memo, 'b', make)).toBe(2);
    expect(made).toBe(2);
  });

  it('forgets a promise that failed, so the next caller makes it again', async () => {
    const memo = new Map<string, Promise<string>>();
    await expect(remembered(memo, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(memo.has('k')).toBe(false);
    expect(await remembered(memo, 'k', async () => 'up')).toBe('up');
  });
});
