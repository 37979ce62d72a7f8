import { describe, expect, it } from 'vitest';
import { joinTextChildren } from './text-children';

describe('joinTextChildren', () => {
  it('joins neighbouring strings and numbers into the first one’s place, keeping every index', () => {
    expect(joinTextChildren(['Available: ', 140])).toEqual(['Available: 140', null]);
    expect(joinTextChildren(['© ', 2026, ' ', 'Pitstop Parts', '.'])).toEqual([
      '© 2026 Pitstop Parts.',
      null,
      null,
      null,
      null,
    ]);
  });

  it('joins across holes, which render nothing on either side', () => {
    expect(joinTextChildren(['(', null, 12, false, ')'])).toEqual(['(12)', null, null, null, null]);
  });

  it('stops a run at an element and joins the runs on either side separately', () => {
    const element = { type: 'strong', props: {} };
    expect(joinTextChildren(['Sold by ', 'Pacific', element, ' for ', 'you'])).toEqual([
      'Sold by Pacific',
      null,
      element,
      ' for you',
      null,
    ]);
  });

  it('joins inside nested arrays (lists and passed-on children)', () => {
    const element = { type: 'span', props: {} };
    expect(joinTextChildren([element, ['Page ', 2]])).toEqual([element, ['Page 2', null]]);
  });

  it('drops empty text, which the server never writes as a node', () => {
    expect(joinTextChildren('')).toBeNull();
    expect(joinTextChildren(['', null])).toEqual([null, null]);
    expect(joinTextChildren(['a', ''])).toEqual(['a', null]);
  });

  it('hands back the very same children when there is nothing to join', () => {
    const children = ['one text', { type: 'b', props: {} }, 'another'];
    expect(joinTextChildren(children)).toBe(children);
    expect(joinTextChildren('text')).toBe('text');
    expect(joinTextChildren(7)).toBe(7);
  });
});
