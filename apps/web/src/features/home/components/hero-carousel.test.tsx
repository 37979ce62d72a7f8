import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { HERO_SLIDES, HeroCarousel } from './hero-carousel';

function visibleSlide() {
  // Hidden slides are inert, so only the current one is exposed as a group.
  return screen.getAllByRole('group').find((slide) => !slide.hasAttribute('inert'));
}

describe('HeroCarousel', () => {
  it('is a labelled carousel of three slides, the first shown with a high-priority image', () => {
    renderWithProviders(<HeroCarousel />);

    const carousel = screen.getByRole('region', { name: 'Highlights' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = carousel.querySelectorAll('[aria-roledescription="slide"]');
    expect([...slides].map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('1 of 3');

    const images = carousel.querySelectorAll('img');
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(images[0]?.getAttribute('loading')).toBeNull();
    expect(images[1]?.getAttribute('loading')).toBe('lazy');
    for (const image of images) {
      expect(image.getAttribute('width')).toBeTruthy();
      expect(image.getAttribute('height')).toBeTruthy();
    }
  });

  it('moves with next, previous (wrapping) and the dot buttons', () => {
    renderWithProviders(<HeroCarousel />);

    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('2 of 3');
    expect(screen.getByRole('heading', { name: HERO_SLIDES[1]?.headline })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('3 of 3');

    const firstDot = screen.getByRole('button', { name: 'Show slide 1 of 3' });
    fireEvent.click(firstDot);
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('1 of 3');
    expect(firstDot.getAttribute('aria-current')).toBe('true');
  });

  it('lets the visitor stop the automatic slide show', () => {
    renderWithProviders(<HeroCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeTruthy();
  });
});
