import { describe, expect, it } from 'vitest';
import { mediumDate, mediumDateOf } from './date-format';

describe('mediumDate', () => {
  it("writes what en-US's medium date style writes, in every month", () => {
    const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2026, month, day, 23, 59);
        expect(mediumDate(date)).toBe(format.format(date));
      }
    }
    expect(mediumDate(new Date(2026, 10, 26))).toBe('Nov 26, 2026');
  });

  it('reads a stored ISO time, and gives null for none or one that is not a date', () => {
    const iso = '2026-11-26T12:00:00.000Z';
    expect(mediumDateOf(iso)).toBe(mediumDate(new Date(iso)));
    expect(mediumDateOf(null)).toBeNull();
    expect(mediumDateOf(undefined)).toBeNull();
    expect(mediumDateOf('')).toBeNull();
    expect(mediumDateOf('not a date')).toBeNull();
  });
});
