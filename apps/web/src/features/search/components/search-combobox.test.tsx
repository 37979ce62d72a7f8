import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { headerSearchTexts } from '@pitstop/core/header-search';
import type { Suggestions } from '@pitstop/core/parts';
import { searchTexts } from '@pitstop/core/search';
import { mockApi } from '@/testing/api';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { SUGGEST_DEBOUNCE_MS, SearchCombobox, type SearchComboboxProps } from './search-combobox';

const brakeSuggestions: Suggestions = {
  parts: [
    { _id: 'p-1', name: 'Sintered Brake Pads', partNumber: 'BP-100', matchedBy: null },
    { _id: 'p-2', name: 'Organic Brake Pads', partNumber: 'BP-200', matchedBy: null },
  ],
  vehicles: [{ year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' }],
};

/** A fake GET /api/search/suggest; `delays` holds back the answer for some texts. */
function serveSuggestions(answers: Record<string, Suggestions>, delays: Record<string, number> = {}) {
  return mockApi({
    'GET /api/search/suggest': async (url) => {
      const q = url.searchParams.get('q') ?? '';
      const delay = delays[q];
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      return jsonResponse(answers[q] ?? { parts: [], vehicles: [] });
    },
  });
}

function renderCombobox(value = '', extra: Partial<SearchComboboxProps> = {}) {
  const handlers = { onSearch: vi.fn(), onPickPart: vi.fn(), onPickVehicle: vi.fn() };
  const result = renderWithProviders(<SearchCombobox value={value} {...handlers} {...extra} />);
  const input = screen.getByRole('combobox', { name: searchTexts.searchLabel });
  return { ...result, ...handlers, input };
}

const listbox = () => screen.getByRole('listbox', { hidden: true });
const activeOption = (input: HTMLElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

async function typeAndWaitForList(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
}

describe('SearchCombobox', () => {
  it('is a combobox that controls a listbox, closed until there is something to suggest', () => {
    serveSuggestions({});
    const { input } = renderCombobox('chain');
    expect((input as HTMLInputElement).value).toBe('chain');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-controls')).toBe(listbox().id);
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.getByRole('search', { name: searchTexts.searchLabel })).toBeTruthy();
  });

  it('asks for suggestions from two characters, once typing pauses, and shows parts and bikes', async () => {
    const api = serveSuggestions({ brak: brakeSuggestions });
    const { input } = renderCombobox();

    fireEvent.change(input, { target: { value: 'b' } });
    fireEvent.change(input, { target: { value: 'br' } });
    fireEvent.change(input, { target: { value: 'bra' } });
    fireEvent.change(input, { target: { value: 'brak' } });
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));

    // Only the text typing paused on was asked for: no request per keystroke, none for "b".
    expect(api.callsTo('GET /api/search/suggest').map(({ url }) => url.search)).toEqual(['?q=brak']);
    const parts = screen.getByRole('group', { name: searchTexts.suggestionParts });
    const bikes = screen.getByRole('group', { name: searchTexts.suggestionBikes });
    expect(parts.querySelectorAll('[role="option"]')).toHaveLength(2);
    expect(bikes.textContent).toContain('2019 Yamaha YZF-R15 V3');
    expect(screen.getByRole('status').textContent).toBe(searchTexts.suggestionsShown(3));
  });

  it('moves through the options with the arrow keys, wrapping, and tells assistive technology', async () => {
    serveSuggestions({ brak: brakeSuggestions });
    const { input } = renderCombobox();
    input.focus();
    await typeAndWaitForList(input, 'brak');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.textContent).toContain('Sintered Brake Pads');
    expect(activeOption(input)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.textContent).toContain('Organic Brake Pads');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.textContent).toContain('2019 Yamaha YZF-R15 V3');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.textContent).toContain('Sintered Brake Pads');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeOption(input)?.textContent).toContain('2019 Yamaha YZF-R15 V3');
    expect(screen.getAllByRole('option', { selected: true })).toHaveLength(1);
    // Focus never leaves the text box.
    expect(document.activeElement).toBe(input);
  });

  it('picks a part with Enter', async () => {
    serveSuggestions({ brak: brakeSuggestions });
    const { input, onPickPart, onSearch } = renderCombobox();
    await typeAndWaitForList(input, 'brak');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });

    expect(onPickPart).toHaveBeenCalledWith('p-2');
    expect(onSearch).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('picks a bike with Enter, and with a click', async () => {
    serveSuggestions({ brak: brakeSuggestions });
    const { input, onPickVehicle } = renderCombobox();
    await typeAndWaitForList(input, 'brak');

    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPickVehicle).toHaveBeenLastCalledWith({ year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' });

    await typeAndWaitForList(input, 'brake');
    await typeAndWaitForList(input, 'brak');
    fireEvent.click(screen.getByRole('option', { name: '2019 Yamaha YZF-R15 V3' }));
    expect(onPickVehicle).toHaveBeenCalledTimes(2);
  });

  it('searches the typed text on Enter when no option is highlighted', async () => {
    serveSuggestions({ brak: brakeSuggestions });
    const { input, onSearch, onPickPart } = renderCombobox();
    await typeAndWaitForList(input, 'brak');

    fireEvent.submit(input.closest('form')!);

    expect(onSearch).toHaveBeenCalledWith('brak');
    expect(onPickPart).not.toHaveBeenCalled();
  });

  it('searches the typed text when Enter comes right after typing, even over an older highlight', async () => {
    // The answer for "brake p" is slow: the list still shows "brak"'s suggestions when Enter lands.
    serveSuggestions({ brak: brakeSuggestions, 'brake p': brakeSuggestions }, { 'brake p': 500 });
    const { input, onSearch, onPickPart } = renderCombobox();
    await typeAndWaitForList(input, 'brak');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)).not.toBeNull();

    fireEvent.change(input, { target: { value: 'brake p' } });
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.submit(input.closest('form')!);

    expect(onPickPart).not.toHaveBeenCalled();
    expect(onSearch).toHaveBeenCalledWith('brake p');
  });

  it('never shows a late answer for older text', async () => {
    const slow: Suggestions = {
      parts: [{ _id: 'old', name: 'Stale Suggestion', partNumber: 'OLD-1', matchedBy: null }],
      vehicles: [],
    };
    serveSuggestions(
      {
        ch: slow,
        chain: {
          parts: [{ _id: 'c', name: 'Chain Kit', partNumber: 'CK-1', matchedBy: null }],
          vehicles: [],
        },
      },
      { ch: 400 },
    );
    const { input } = renderCombobox();

    fireEvent.change(input, { target: { value: 'ch' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, SUGGEST_DEBOUNCE_MS + 50)));
    fireEvent.change(input, { target: { value: 'chain' } });
    expect(await screen.findByRole('option', { name: /Chain Kit/ })).toBeTruthy();

    // Let the answer for "ch" arrive: the list stays on "chain".
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    expect(screen.queryByRole('option', { name: /Stale Suggestion/ })).toBeNull();
    expect(screen.getByRole('option', { name: /Chain Kit/ })).toBeTruthy();
  });

  it('closes with Escape, keeping the text; a second Escape clears it', async () => {
    serveSuggestions({ brak: brakeSuggestions });
    const { input } = renderCombobox();
    await typeAndWaitForList(input, 'brak');
    fireEvent.keyDown(input, { key: 'ArrowDown' });

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(listbox().hidden).toBe(true);
    expect((input as HTMLInputElement).value).toBe('brak');

    // Down opens it again at the first option.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(activeOption(input)?.textContent).toContain('Sintered Brake Pads');

    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('closes when focus leaves, and shows the search in effect when it changes', async () => {
    serveSuggestions({ brak: brakeSuggestions });
    function Harness() {
      const [value, setValue] = useState('');
      return (
        <>
          <SearchCombobox value={value} onSearch={setValue} onPickPart={vi.fn()} onPickVehicle={vi.fn()} />
          <button type="button" onClick={() => setValue('chain')}>
            elsewhere
          </button>
        </>
      );
    }
    renderWithProviders(<Harness />);
    const input = screen.getByRole('combobox');
    await typeAndWaitForList(input, 'brak');

    fireEvent.blur(input);
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect((input as HTMLInputElement).value).toBe('chain');
  });

  it("asks with the rider's bike and marks each part as fitting it or not", async () => {
    const mt07 = { year: 2019, make: 'Yamaha', model: 'MT-07' };
    const marked: Suggestions = {
      parts: [
        { _id: 'p-1', name: 'MT-07 Front Brake Pads', partNumber: 'BP-7', matchedBy: null, fits: true },
        { _id: 'p-2', name: 'CB500F Rear Brake Pads', partNumber: 'BP-5', matchedBy: null, fits: false },
      ],
      vehicles: [],
    };
    const api = serveSuggestions({ 'brak pad': marked });
    const { input } = renderCombobox('', { vehicle: mt07 });
    await typeAndWaitForList(input, 'brak pad');

    expect(api.callsTo('GET /api/search/suggest').map(({ url }) => url.search)).toEqual([
      '?q=brak+pad&year=2019&make=Yamaha&model=MT-07',
    ]);
    const group = screen.getByRole('group', { name: headerSearchTexts.suggestionPartsFor(mt07) });
    const [fits, doesNot] = Array.from(group.querySelectorAll('[role="option"]'));
    expect(fits?.textContent).toContain(headerSearchTexts.fits);
    expect(fits?.textContent).not.toContain(headerSearchTexts.doesNotFit);
    expect(doesNot?.textContent).toContain(headerSearchTexts.doesNotFit);
  });

  it('hands Escape with the list closed to its host, keeping the text, when the host asks', async () => {
    serveSuggestions({ brak: brakeSuggestions });
    const onDismiss = vi.fn();
    const { input } = renderCombobox('', { onDismiss, compact: true });
    await typeAndWaitForList(input, 'brak');

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect((input as HTMLInputElement).value).toBe('brak');
  });
});
