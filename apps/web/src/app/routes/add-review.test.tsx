import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@pitstop/core/messages';
import type { Profile } from '@pitstop/core/accounts';
import { createProfile } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf, pickFiles } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { createReview } from '@/testing/review-factory';
import { reviewTexts } from '@pitstop/core/reviews';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { AddReviewRoute } from './add-review';

const UPLOADED = `/uploads/${'b'.repeat(64)}.webp`;
const part = createPart({ name: 'Honda Shine Headlight' });
const photo = () => new File(['png-bytes'], 'part.png', { type: 'image/png' });

type Routes = Parameters<typeof mockApi>[0];

function renderAddReview(
  routes: Routes = {},
  {
    profile = createProfile({ name: 'Riley Rider', email: 'rider@pitstop.com' }),
    search = `?order=o-1&part=${part._id}`,
  }: { profile?: Profile; search?: string } = {},
) {
  window.localStorage.setItem('accessToken', 'rider-key');
  const api = mockApi({
    'GET /api/me': () => jsonResponse(profile),
    [`GET /api/parts/${part._id}`]: () => jsonResponse(part),
    'GET /api/reviews/mine': () => jsonResponse({ review: null, eligible: true }),
    ...routes,
  });
  renderWithProviders(<AddReviewRoute />, { route: `/addreview${search}`, path: '/addreview' });
  return api;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));
const ratingGroup = () => screen.getByRole('group', { name: 'Rating' });

async function fillValidReview() {
  fireEvent.change(await screen.findByLabelText('Descriptions'), {
    target: { value: 'Bright and easy to fit.' },
  });
  fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
  pickFiles(field('Photo'), [photo()]);
}

describe('AddReviewRoute', () => {
  it('shows the card with the account prefilled and a five-star rating group', async () => {
    renderAddReview();

    expect(screen.getByRole('heading', { level: 1, name: 'Add review' })).toBeTruthy();
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Riley Rider');
    expect(field('Email').value).toBe('rider@pitstop.com');
    expect(field('Email').readOnly).toBe(true);
    expect(field('Photo').getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');
    const radios = within(ratingGroup()).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(ratingGroup()).getByRole('radio', { name: '1 star' })).toBeTruthy();
    expect(within(ratingGroup()).getByRole('radio', { name: '5 stars' })).toBeTruthy();
    expect(await screen.findByText('Honda Shine Headlight')).toBeTruthy();
  });

  it("shows ' Name is Required', ' Descriptions is Required', ' Img is Required' and 'Choose a rating'", async () => {
    const api = renderAddReview();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: '' } });

    submit();

    await waitFor(() => expect(errorTextFor(field('Name'))).toBe(messages.nameRequired));
    expect(errorTextFor(field('Descriptions'))).toBe(messages.descriptionsRequired);
    expect(errorTextFor(field('Photo'))).toBe(messages.imgRequired);
    expect(errorTextFor(ratingGroup())).toBe('Choose a rating');
    expect(errorTextFor(field('Email'))).toBeNull();
    expect(api.callsTo('POST /api/uploads')).toHaveLength(0);
    expect(api.callsTo('POST /api/reviews')).toHaveLength(0);
  });

  it("shows 'Email is Required' for an account without an email", async () => {
    renderAddReview({}, { profile: createProfile({ email: '' }) });
    await fillValidReview();

    submit();

    await waitFor(() => expect(errorTextFor(field('Email'))).toBe(messages.emailRequired));
    expect(errorTextFor(field('Name'))).toBeNull();
  });

  it("shows 'Provide a Valid Email' for an email that is not one", async () => {
    renderAddReview({}, { profile: createProfile({ email: 'not-an-email' }) });
    await fillValidReview();

    submit();

    await waitFor(() => expect(errorTextFor(field('Email'))).toBe(messages.emailInvalid));
  });

  it("uploads the photo, posts the review and shows 'Comment Successfully', then resets", async () => {
    const api = renderAddReview({
      'POST /api/uploads': () => jsonResponse({ success: true, data: { url: UPLOADED } }),
      'POST /api/reviews': () => jsonResponse({ insertedId: 'review-1' }, { status: 201 }),
    });
    const file = photo();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Riley R.' } });
    fireEvent.change(field('Descriptions'), { target: { value: 'Bright and easy to fit.' } });
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    pickFiles(field('Photo'), [file]);

    submit();

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.reviewAdded));
    // Shown where the customer is looking: focus moves to it.
    expect(document.activeElement).toBe(screen.getByRole('status'));
    const [upload] = api.callsTo('POST /api/uploads');
    expect((upload?.init?.body as FormData).get('image')).toBe(file);
    const [post] = api.callsTo('POST /api/reviews');
    expect(jsonBodyOf(post?.init)).toEqual({
      email: 'rider@pitstop.com',
      name: 'Riley R.',
      descriptions: 'Bright and easy to fit.',
      rating: 4,
      img: UPLOADED,
      productId: part._id,
    });
    expect(authorizationOf(post?.init)).toBe('Bearer rider-key');
    expect(field('Name').value).toBe('Riley Rider');
    expect(field('Descriptions').value).toBe('');
    expect((screen.getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(false);
  });

  it('posts nothing when the upload fails, and says why under Photo', async () => {
    const api = renderAddReview({
      'POST /api/uploads': () => problemResponse(415, 'Unsupported Media Type', 'That file is not an image.'),
      'POST /api/reviews': () => jsonResponse({ insertedId: 'review-1' }, { status: 201 }),
    });
    await fillValidReview();

    submit();

    await waitFor(() => expect(errorTextFor(field('Photo'))).toBe('That file is not an image.'));
    expect(api.callsTo('POST /api/uploads')).toHaveLength(1);
    expect(api.callsTo('POST /api/reviews')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('posts nothing when the upload does not report success', async () => {
    const api = renderAddReview({
      'POST /api/uploads': () => jsonResponse({ success: false }),
    });
    await fillValidReview();

    submit();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error: Your review could not be added. Please try again.',
    );
    expect(api.callsTo('POST /api/uploads')).toHaveLength(1);
    expect(api.callsTo('POST /api/reviews')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('sends to My Orders when the link names no part', async () => {
    const api = renderAddReview({}, { search: '?order=o-1' });

    expect(await screen.findByRole('link', { name: 'Go to My Orders' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Review' })).toBeNull();
    expect(api.callsTo(`GET /api/parts/${part._id}`)).toHaveLength(0);
  });

  it('says only a paid or delivered order can be reviewed, and shows no form, for a part not bought', async () => {
    renderAddReview({ 'GET /api/reviews/mine': () => jsonResponse({ review: null, eligible: false }) });

    expect(await screen.findByText(reviewTexts.notBought)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Review' })).toBeNull();
  });

  it('edits the earlier review: prefilled, and saved with its photo when no new one is chosen', async () => {
    const earlier = createReview({
      name: 'Riley',
      descriptions: 'Too dim.',
      rating: 2,
      img: UPLOADED,
      productId: part._id,
    });
    const api = renderAddReview({
      'GET /api/reviews/mine': () => jsonResponse({ review: earlier, eligible: true }),
      'POST /api/reviews': () => jsonResponse({ insertedId: earlier._id }),
    });

    expect(await screen.findByText(reviewTexts.editing)).toBeTruthy();
    expect(field('Descriptions').value).toBe('Too dim.');
    expect((screen.getByRole('radio', { name: '2 stars' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(field('Descriptions'), { target: { value: 'Bright once aimed properly.' } });
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));

    submit();

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.reviewAdded));
    expect(api.callsTo('POST /api/uploads')).toHaveLength(0);
    expect(jsonBodyOf(api.callsTo('POST /api/reviews')[0]?.init)).toMatchObject({
      descriptions: 'Bright once aimed properly.',
      rating: 5,
      img: UPLOADED,
      productId: part._id,
    });
    // Kept as saved, not emptied.
    expect(field('Descriptions').value).toBe('Bright once aimed properly.');
  });
});
