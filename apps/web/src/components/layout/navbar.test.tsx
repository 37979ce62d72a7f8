import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { Navbar } from './navbar';

describe('Navbar', () => {
  it('lists the signed-out links and marks the current page', () => {
    renderWithProviders(<Navbar />, { route: '/parts' });
    const nav = screen.getByRole('navigation', { name: 'Main' });

    const names = ['Home', 'Parts', 'Blog', 'About', 'My Portfolio', 'Log In'];
    for (const name of names) expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(nav.querySelectorAll('a')).toHaveLength(names.length);
    expect(screen.getByRole('link', { name: 'Parts' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pitstop Parts' }).getAttribute('href')).toBe('/');
  });

  it('opens the phone menu with its button, and closes it on Escape and on navigation', () => {
    renderWithProviders(<Navbar />, { route: '/' });
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(screen.getByTestId('location').textContent).toBe('/about');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
