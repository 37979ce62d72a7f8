import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Suggestions } from '@pitstop/core/parts';
import { searchTexts } from '@pitstop/core/search';
import { mockApi } from '@/testing/api';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { SearchCombobox } from './search-combobox';

const suggestions: Suggestions = {
  parts: [
    {
      _id: 'p-new',
      name: 'Rear brake shoe set',
      partNumber: 'BS-220',
      matchedBy: { kind: 'supersedes', brand: null, number: '4C8-84310-00' },
    },
    {
      _id: 'p-oem',
      name: 'Front brake pads',
      partNumber: 'BP-7',
      matchedBy: { kind: 'oem', brand: 'Yamaha', number: 'B7B-H4300-00' },
    },
    { _id: 'p-name', name: 'Brake cable', partNumber: 'BC-1', matchedBy: null },
  ],
  vehicles: [],
};

describe('SearchCombobox suggestions found by another number', () => {
  it('say why under the name, and picking one opens that part', async () => {
    const api = mockApi({ 'GET /api/search/suggest': () => jsonResponse(suggestions) });
    const onPickPart = vi.fn();
    renderWithProviders(
      <SearchCombobox value="" onSearch={vi.fn()} onPickPart={onPickPart} onPickVehicle={vi.fn()} />,
    );
    const input = screen.getByRole('combobox', { name: searchTexts.searchLabel });
    fireEvent.change(input, { target: { value: '4c8 84310-00' } });
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    expect(api.callsTo('GET /api/search/suggest')[0]?.url.searchParams.get('q')).toBe('4c8 84310-00');

    const options = screen.getAllByRole('option');
    // The reason is part of each option's name, so a screen reader hears it with the part.
    expect(options.map((o) => o.textContent)).toEqual([
      'Rear brake shoe setReplaces 4C8-84310-00BS-220',
      'Front brake padsOEM Yamaha B7B-H4300-00BP-7',
      'Brake cableBC-1',
    ]);
    const name = options[0]!.firstElementChild!;
    expect(name.textContent).toBe('Rear brake shoe set');
    expect(name.nextElementSibling?.textContent).toBe('Replaces 4C8-84310-00');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPickPart).toHaveBeenCalledWith('p-new');
  });
});
