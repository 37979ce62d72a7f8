import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { BLOG_ANSWERS, BlogRoute } from './blog';

describe('BlogRoute', () => {
  it('lists at least six questions as closed native disclosures that open on click', () => {
    const { container } = renderWithProviders(<BlogRoute />, { route: '/blog' });
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeTruthy();

    const disclosures = container.querySelectorAll('details');
    expect(disclosures.length).toBeGreaterThanOrEqual(6);
    expect(disclosures.length).toBe(BLOG_ANSWERS.length);
    for (const details of disclosures) {
      expect(details.open).toBe(false);
      expect(details.querySelectorAll('p').length).toBeGreaterThanOrEqual(1);
    }

    const first = disclosures[0] as HTMLDetailsElement;
    fireEvent.click(first.querySelector('summary') as HTMLElement);
    expect(first.open).toBe(true);
  });
});
