import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shopTexts } from '@pitstop/core/messages';
import { createPart } from '@/testing/part-factory';
import { RenderContextValue, type PreloadedImage, type RenderContext } from '@/lib/render-context';
import { renderWithProviders } from '@/testing/render';
import { PartCard } from './part-card';

describe('PartCard', () => {
  const part = createPart({
    _id: '3f0c9a52-8f3e-4c1e-9a57-1f2d3c4b5a69',
    name: 'Yamaha YZF-R15 V4 LED Headlight Assembly',
    seller: 'Pacific Coast Powersports',
    price: 129.99,
    availablequantity: 140,
    minquantity: 1,
    ratings: 4.7,
    reviewCount: 3,
  });

  it('shows name, seller, price in dollars, stock in words and rating', () => {
    renderWithProviders(<PartCard part={part} />);
    const card = screen.getByRole('article');

    expect(within(card).getByRole('heading', { level: 2, name: part.name })).toBeTruthy();
    expect(within(card).getByText('Pacific Coast Powersports')).toBeTruthy();
    expect(within(card).getByText('$129.99')).toBeTruthy();
    // Words, not the count: the count is for admins.
    expect(within(card).getByText('In stock')).toBeTruthy();
    expect(card.textContent).not.toContain('140');
    // A part sold one at a time says nothing about a minimum.
    expect(card.textContent).not.toMatch(/Minimum order/);
    expect(within(card).getByText(part.description)).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Rated 4.7 out of 5, 3 reviews' })).toBeTruthy();
    expect(card.textContent).toContain('4.7 (3)');
    expect(within(card).queryByText(shopTexts.noReviewsYet)).toBeNull();
    const image = within(card).getByRole('img', { name: part.name });
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('300');
  });

  it('says the minimum order when it is above 1', () => {
    renderWithProviders(<PartCard part={createPart({ minquantity: 5, availablequantity: 900 })} />);
    const card = screen.getByRole('article');
    expect(within(card).getByText('Minimum order 5')).toBeTruthy();
    expect(within(card).getByText('In stock')).toBeTruthy();
  });

  it.each([
    [{ availablequantity: 6, minquantity: 1 }, 'In stock'],
    [{ availablequantity: 5, minquantity: 1 }, 'Only 5 left'],
    [{ availablequantity: 3, minquantity: 2 }, 'Only 3 left'],
    [{ availablequantity: 1, minquantity: 2 }, 'Out of stock'],
    [{ availablequantity: 0, minquantity: 1 }, 'Out of stock'],
  ])('reads stock %o as "%s"', (stock, words) => {
    renderWithProviders(<PartCard part={createPart(stock)} />);
    expect(within(screen.getByRole('article')).getByText(words)).toBeTruthy();
  });

  it('says "No reviews yet" instead of stars for a part nobody has reviewed', () => {
    renderWithProviders(<PartCard part={createPart({ ratings: 0, reviewCount: 0 })} />);
    const card = screen.getByRole('article');
    expect(within(card).getByText('No reviews yet')).toBeTruthy();
    expect(within(card).queryByRole('img', { name: /out of 5/ })).toBeNull();
  });

  it('has a Buy Now link to the part page', () => {
    renderWithProviders(<PartCard part={part} />);
    const link = screen.getByRole('link', { name: `Buy Now: ${part.name}` });
    expect(link.getAttribute('href')).toBe('/parts/3f0c9a52-8f3e-4c1e-9a57-1f2d3c4b5a69');
    expect(link.textContent).toBe('Buy Now');
  });

  it("puts the screen's action (the cart's Add to cart) beside Buy Now", () => {
    renderWithProviders(<PartCard part={part} action={<button type="button">Add to cart</button>} />);
    const card = screen.getByRole('article');
    const buttons = within(card).getByRole('link', { name: `Buy Now: ${part.name}` }).parentElement!;
    expect(within(buttons).getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });

  it('uses the heading level of the section it sits in', () => {
    renderWithProviders(<PartCard part={part} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: part.name })).toBeTruthy();
  });

  it('offers an uploaded photo’s smaller WebP copies, and loads below-the-fold pictures lazily', () => {
    const hash = 'd'.repeat(64);
    const uploaded = createPart({ name: 'Uploaded pads', img: `/uploads/${hash}-1600x1200.webp` });
    renderWithProviders(<PartCard part={uploaded} />);
    const image = screen.getByRole('img', { name: 'Uploaded pads' });
    expect(image.getAttribute('src')).toBe(uploaded.img);
    expect(image.getAttribute('srcset')).toContain(`/uploads/${hash}-640w.webp 640w`);
    expect(image.getAttribute('srcset')).toContain(`${uploaded.img} 1600w`);
    expect(image.getAttribute('sizes')).toContain('390px');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect(image.getAttribute('fetchpriority')).toBeNull();
  });

  it('leaves the first card’s picture to the head’s preload on wide screens, and lazy like the rest', () => {
    const preloaded: PreloadedImage[] = [];
    const context: RenderContext = {
      origin: 'https://shop.example',
      url: '/parts',
      setStatus: () => {},
      setMeta: () => {},
      addModule: () => {},
      preloadImage: (image) => preloaded.push(image),
    };
    renderWithProviders(
      <RenderContextValue.Provider value={context}>
        <PartCard part={createPart({ name: 'First' })} priority />
        <PartCard part={createPart({ name: 'Second' })} />
      </RenderContextValue.Provider>,
    );
    const first = screen.getByRole('img', { name: 'First' });
    // On a phone the list starts below the first view: nothing jumps the queue there.
    expect(first.getAttribute('loading')).toBe('lazy');
    expect(first.getAttribute('fetchpriority')).toBeNull();
    // The demo drawing is shown as its WebP renditions, the phone-sized ones first.
    expect(first.getAttribute('src')).toBe('/images/parts/brake-pads.webp');
    expect(first.getAttribute('srcset')).toMatch(/^\/images\/parts\/brake-pads-160w\.webp 160w, /);
    expect(preloaded).toEqual([
      expect.objectContaining({
        src: first.getAttribute('src'),
        srcSet: first.getAttribute('srcset'),
        sizes: first.getAttribute('sizes'),
        media: '(min-width: 1024px)',
      }),
    ]);
    const second = screen.getByRole('img', { name: 'Second' });
    expect(second.getAttribute('loading')).toBe('lazy');
  });
});
