import { describe, expect, it } from 'vitest';
import { mediumDate } from './date-format';

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
});
