import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shopTexts } from '@pitstop/core/messages';
import { mockApi } from '@/testing/api';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { createReview } from '@/testing/review-factory';
import { REVIEWS_UNAVAILABLE, ReviewList } from './review-list';
import { RecentReviews } from './recent-reviews';

const PART_ID = '00000000-0000-4000-8000-000000000007';
const LIST = `GET /api/parts/${PART_ID}/reviews`;

describe('ReviewList', () => {
  it('shows each review: photo, name, stars, date and text', async () => {
    const review = createReview({
      name: 'Sam Biker',
      rating: 4,
      descriptions: 'Good pads.\nQuiet too.',
      createdAt: '2026-03-04T10:00:00.000Z',
    });
    mockApi({ [LIST]: () => jsonResponse([review]) });
    renderWithProviders(<ReviewList partId={PART_ID} />);

    const section = screen.getByRole('region', { name: 'Customer reviews' });
    const photo = (await within(section).findByRole('img', {
      name: 'Photo from Sam Biker',
    })) as HTMLImageElement;
    expect(photo.getAttribute('src')).toBe(review.img);
    expect(photo.getAttribute('width')).toBe('96');
    expect(photo.getAttribute('height')).toBe('96');
    expect(photo.getAttribute('loading')).toBe('lazy');
    expect(within(section).getByRole('heading', { name: 'Sam Biker' })).toBeTruthy();
    expect(within(section).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(within(section).getByText('Mar 4, 2026').getAttribute('datetime')).toBe(review.createdAt);
    expect(within(section).getByText(/Good pads\./).textContent).toBe('Good pads.\nQuiet too.');
  });

  it('renders review text as text, never as HTML', async () => {
    mockApi({
      [LIST]: () =>
        jsonResponse([
          createReview({ name: '<i>Eve</i>', descriptions: '<b>x</b><img src=x onerror=alert(1)>' }),
        ]),
    });
    const { container } = renderWithProviders(<ReviewList partId={PART_ID} />);

    expect(await screen.findByText('<b>x</b><img src=x onerror=alert(1)>')).toBeTruthy();
    expect(screen.getByText('<i>Eve</i>')).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('i')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('says "No reviews yet." for a part without reviews', async () => {
    mockApi({ [LIST]: () => jsonResponse([]) });
    renderWithProviders(<ReviewList partId={PART_ID} />);

    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
  });

  it('shows its own error state with "Try again"', async () => {
    mockApi({ [LIST]: () => problemResponse(500, 'Internal Server Error', 'Something broke') });
    renderWithProviders(<ReviewList partId={PART_ID} />);

    expect((await screen.findByRole('alert')).textContent).toContain(shopTexts.loadFailed);
    expect(screen.getByRole('button', { name: shopTexts.retry })).toBeTruthy();
  });

  it('keeps a render failure inside the section', async () => {
    // An answer of the wrong shape makes the list throw while rendering.
    mockApi({ [LIST]: () => jsonResponse({ not: 'a list' }) });
    const consoleError = vi.mocked(console.error).mockImplementation(() => undefined);
    renderWithProviders(
      <>
        <h1>Part page</h1>
        <ReviewList partId={PART_ID} />
      </>,
    );

    expect(await screen.findByText(REVIEWS_UNAVAILABLE)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Part page' })).toBeTruthy();
    // The boundary logged the failure on purpose; it is not noise for the test setup to report.
    consoleError.mockClear();
  });
});

describe('RecentReviews', () => {
  it('asks for the newest six and names the part of each review', async () => {
    const api = mockApi({
      'GET /api/reviews': () =>
        jsonResponse([
          createReview({ name: 'Sam Biker', partName: 'Bajaj Pulsar Headlight', productId: PART_ID }),
        ]),
    });
    renderWithProviders(<RecentReviews />);

    expect(await screen.findByRole('link', { name: 'Bajaj Pulsar Headlight' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bajaj Pulsar Headlight' }).getAttribute('href')).toBe(
      `/parts/${PART_ID}`,
    );
    expect(api.callsTo('GET /api/reviews')[0]?.url.search).toBe('?limit=6');
  });
});
