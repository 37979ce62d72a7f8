import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { partsHref } from '../api/part-filters';
import { pageItems, PartsPagination } from './parts-pagination';

describe('pageItems', () => {
  it('shows the first, the last and the neighbours of the current page', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageItems(6, 20)).toEqual([1, 'gap', 5, 6, 7, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('shows a single skipped page rather than an ellipsis for it', () => {
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });
});

describe('PartsPagination', () => {
  it('links every page to its own address, keeping the filters, and marks the current one', () => {
    renderWithProviders(
      <PartsPagination
        hrefFor={(n) => partsHref({ brands: ['Honda'], sort: 'price_asc', page: n })}
        page={2}
        lastPage={5}
        onNavigate={vi.fn()}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');

    expect(href('Previous')).toBe('/parts?brand=Honda&sort=price_asc');
    expect(href('Next')).toBe('/parts?brand=Honda&sort=price_asc&page=3');
    expect(href('Page 5')).toBe('/parts?brand=Honda&sort=price_asc&page=5');
    expect(within(nav).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBeNull();
  });

  it('has no Previous link on the first page and no Next link on the last', () => {
    const { unmount } = renderWithProviders(
      <PartsPagination hrefFor={(n) => partsHref({ page: n })} page={1} lastPage={3} onNavigate={vi.fn()} />,
    );
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/parts?page=2');
    unmount();

    renderWithProviders(
      <PartsPagination hrefFor={(n) => partsHref({ page: n })} page={3} lastPage={3} onNavigate={vi.fn()} />,
    );
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/parts?page=2');
  });

  it('shows nothing for a single page', () => {
    renderWithProviders(
      <PartsPagination hrefFor={(n) => partsHref({ page: n })} page={1} lastPage={1} onNavigate={vi.fn()} />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
