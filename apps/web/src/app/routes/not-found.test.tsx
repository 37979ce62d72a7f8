import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pitstop/core/messages';
import { renderWithProviders } from '@/testing/render';
import { NotFoundRoute } from './not-found';

describe('NotFoundRoute', () => {
  it('shows the catalogue text exactly and a link home', async () => {
    renderWithProviders(<NotFoundRoute />, { route: '/no/such/page' });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'The page You are looking for is notFound 404',
    );
    expect(screen.getByText(messages.notFoundPage)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found | Pitstop Parts'));
  });
});
