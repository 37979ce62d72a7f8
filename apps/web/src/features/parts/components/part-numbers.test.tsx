import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partNumberTexts } from '@pitstop/core/part-number-texts';
import type { PartNumber } from '@pitstop/core/part-numbers';
import { renderWithProviders } from '@/testing/render';
import { PartNumbers } from './part-numbers';

const NUMBERS: PartNumber[] = [
  { kind: 'oem', brand: 'Yamaha', number: 'B7B-H4300-00' },
  { kind: 'supersedes', brand: null, number: '4C8-84310-00' },
  { kind: 'oem', brand: 'Yamaha', number: 'B7B-H4300-01' },
  { kind: 'interchange', brand: 'EBC', number: 'FA252HH' },
];

function stubClipboard(writeText: (text: string) => Promise<void>) {
  return vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(writeText);
}

const section = (name: string) => screen.getByRole('region', { name });

describe('PartNumbers', () => {
  afterEach(() => vi.useRealTimers());

  it('lists OEM numbers, interchange numbers and the numbers it replaces, each kind under its heading', () => {
    renderWithProviders(<PartNumbers numbers={NUMBERS} />);

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['OEM numbers', 'Also fits as', 'Replaces']);
    const oem = within(section('OEM numbers')).getAllByRole('listitem');
    // In the admin's order, each with its manufacturer.
    expect(oem.map((li) => li.textContent)).toEqual(['YamahaB7B-H4300-00Copy', 'YamahaB7B-H4300-01Copy']);
    expect(within(section('Also fits as')).getByText('EBC')).toBeTruthy();
    expect(within(section('Also fits as')).getByText('FA252HH')).toBeTruthy();
    // A replaced number may have no brand: the number alone.
    expect(within(section('Replaces')).getByRole('listitem').textContent).toBe('4C8-84310-00Copy');
    for (const { number } of NUMBERS) {
      expect(screen.getByRole('button', { name: partNumberTexts.copy(number) })).toBeTruthy();
    }
  });

  it('shows only the kinds the part has, and nothing for a part with none', () => {
    const { unmount } = renderWithProviders(
      <PartNumbers numbers={[{ kind: 'interchange', brand: 'DID', number: '520VX3-114' }]} />,
    );
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Also fits as']);
    unmount();

    renderWithProviders(<PartNumbers numbers={[]} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('copies a number to the clipboard and says so, politely, for a moment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = stubClipboard(() => Promise.resolve());
    renderWithProviders(<PartNumbers numbers={NUMBERS} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    const button = screen.getByRole('button', { name: 'Copy 4C8-84310-00' });
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });

    expect(writeText).toHaveBeenCalledWith('4C8-84310-00');
    expect(status.textContent).toBe(partNumberTexts.copied);
    expect(button.textContent).toContain(partNumberTexts.copied);
    // The other buttons still say Copy.
    expect(screen.getByRole('button', { name: 'Copy FA252HH' }).textContent).toBe('Copy');

    await act(async () => {
      vi.advanceTimersByTime(3000);
      await Promise.resolve();
    });
    expect(status.textContent).toBe('');
    expect(button.textContent).toBe('Copy');
  });

  it('selects the number for the keyboard when the browser refuses the clipboard', async () => {
    stubClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    renderWithProviders(<PartNumbers numbers={NUMBERS} />);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy FA252HH' }));
      await Promise.resolve();
    });

    expect(screen.getByRole('status').textContent).toBe(partNumberTexts.copyBlocked);
    expect(window.getSelection()?.toString()).toBe('FA252HH');
  });
});
