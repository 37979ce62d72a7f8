import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { headerSearchTexts } from '@pitstop/core/header-search';
import type { Suggestions } from '@pitstop/core/parts';
import { searchTexts } from '@pitstop/core/search';
import { Navbar } from '@/components/layout/navbar';
import { addLocalVehicle } from '@/features/fitment/stores/local-garage';
import { mockApi } from '@/testing/api';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { HeaderSearch } from './header-search';

const MT07 = { year: 2019, make: 'Yamaha', model: 'MT-07' };

const pads: Suggestions = {
  parts: [
    { _id: 'p-7', name: 'MT-07 Front Brake Pads', partNumber: 'BP-7', matchedBy: null },
    { _id: 'p-5', name: 'CB500F Rear Brake Pads', partNumber: 'BP-5', matchedBy: null },
  ],
  vehicles: [],
};

/** A fake GET /api/search/suggest that marks fit when asked with the MT-07. */
function serveSuggestions() {
  return mockApi({
    'GET /api/search/suggest': (url) => {
      if (!url.searchParams.get('q')?.startsWith('brak')) return jsonResponse({ parts: [], vehicles: [] });
      const forBike = url.searchParams.get('model') === MT07.model;
      return jsonResponse({
        ...pads,
        parts: pads.parts.map((p, i) => (forBike ? { ...p, fits: i === 0 } : p)),
      });
    },
  });
}

function renderHeader(route: string) {
  renderWithProviders(<Navbar renderSearch={(slot) => <HeaderSearch {...slot} />} />, { route });
  return screen.getByRole('combobox', { name: searchTexts.searchLabel }) as HTMLInputElement;
}

const location = () => screen.getByTestId('location').textContent;

async function typeAndWaitForList(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
}

describe('the header search', () => {
  it('sits behind a named button on phones that opens it with focus in the box; Escape closes it', () => {
    serveSuggestions();
    const input = renderHeader('/about');
    const button = screen.getByRole('button', { name: headerSearchTexts.openSearch });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.contains(input)).toBe(true);
    // Rendered for the server too: a form with its label, so nothing moves when the page wakes.
    expect(screen.getByRole('search', { name: searchTexts.searchLabel })).toBeTruthy();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(input);

    // Escape in the box (no suggestions open) closes the panel and returns to the button.
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    // Escape from elsewhere in the panel (the Search button) closes it too.
    fireEvent.click(button);
    const submit = screen.getByRole('button', { name: searchTexts.searchButton });
    submit.focus();
    fireEvent.keyDown(submit, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('keeps a typed search through the first Escape (the suggestions close), then closes', async () => {
    serveSuggestions();
    const input = renderHeader('/');
    const button = screen.getByRole('button', { name: headerSearchTexts.openSearch });
    fireEvent.click(button);
    await typeAndWaitForList(input, 'brak');

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('brak');
  });

  it("searches the catalogue for the garage's bike from any page, marking what fits it", async () => {
    addLocalVehicle(MT07);
    const api = serveSuggestions();
    const input = renderHeader('/about');
    await typeAndWaitForList(input, 'brak pad');

    expect(api.callsTo('GET /api/search/suggest').at(-1)?.url.search).toBe(
      '?q=brak+pad&year=2019&make=Yamaha&model=MT-07',
    );
    const options = screen.getAllByRole('option');
    expect(options[0]?.textContent).toContain(headerSearchTexts.fits);
    expect(options[1]?.textContent).toContain(headerSearchTexts.doesNotFit);

    fireEvent.submit(input.closest('form')!);
    expect(location()).toBe('/parts?q=brak+pad&year=2019&make=Yamaha&model=MT-07');
  });

  it('searches every bike when no bike is chosen, with no marks', async () => {
    serveSuggestions();
    const input = renderHeader('/');
    await typeAndWaitForList(input, 'brak');
    expect(screen.getAllByRole('option')[0]?.textContent).not.toContain(headerSearchTexts.fits);
    fireEvent.submit(input.closest('form')!);
    expect(location()).toBe('/parts?q=brak');
  });

  it('moves through the suggestions with the arrow keys and opens a part with Enter', async () => {
    serveSuggestions();
    const input = renderHeader('/blog');
    await typeAndWaitForList(input, 'brak');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!);
    expect(active?.textContent).toContain('CB500F Rear Brake Pads');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(location()).toBe('/parts/p-5');
  });

  it("on /parts is the catalogue's own box: shown on phones too, it keeps the view's bike and filters", async () => {
    // The garage's bike does not replace the view's choice (here: every bike, in stock).
    addLocalVehicle(MT07);
    serveSuggestions();
    const input = renderHeader('/parts?q=brake&inStock=true&sort=price_asc');
    expect(input.value).toBe('brake');
    expect(screen.queryByRole('button', { name: headerSearchTexts.openSearch })).toBeNull();

    fireEvent.change(input, { target: { value: 'chain' } });
    fireEvent.submit(input.closest('form')!);
    // A new search starts at best match, page 1.
    expect(location()).toBe('/parts?q=chain&inStock=true');
  });
});
