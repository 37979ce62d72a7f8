import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { creditOfferTexts } from '@pitstop/core/checkout-place-texts';
import { messages } from '@pitstop/core/messages';
import type { Profile } from '@pitstop/core/accounts';
import { oneClickTexts } from '@pitstop/core/one-click';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import { createProfile } from '@/testing/account-factory';
import { authorizationOf, mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf, pickFiles } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { ProfileRoute } from './profile';

const UPLOADED = `/uploads/${'a'.repeat(64)}.webp`;
const photo = () => new File(['png-bytes'], 'me.png', { type: 'image/png' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

/** The page's own "Profile saved" (the saved cards' section below has a status of its own). */
const profileStatus = () => screen.getAllByRole('status')[0]!;

function renderProfile(profile: Profile, routes: Parameters<typeof mockApi>[0] = {}) {
  window.localStorage.setItem('accessToken', 'key-1');
  let current = profile;
  const api = mockApi({
    'GET /api/me': () => jsonResponse(current),
    'GET /api/cards': () => jsonResponse({ cards: [], oneClickEnabled: true, oneClickReady: false }),
    'GET /api/addresses': () => jsonResponse({ addresses: [] }),
    ...routes,
  });
  renderWithProviders(<ProfileRoute />, { route: '/profile', path: '/profile' });
  return {
    api,
    setServerProfile: (next: Profile) => {
      current = next;
    },
  };
}

describe('ProfileRoute', () => {
  it('shows the current profile and prefills the form', async () => {
    renderProfile(createProfile({ name: 'Riley Rider', email: 'rider@pitstop.com', occupation: 'Student' }));

    const summary = await screen.findByRole('region', { name: 'Your profile' });
    expect(within(summary).getByText('Riley Rider')).toBeTruthy();
    expect(within(summary).getByText('rider@pitstop.com')).toBeTruthy();
    expect(within(summary).getByText('Student')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Riley Rider');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('rider@pitstop.com');
    expect((screen.getByLabelText('Occupation') as HTMLSelectElement).value).toBe('Student');
    expect(
      [...(screen.getByLabelText('Occupation') as HTMLSelectElement).options]
        .map((o) => o.value)
        .filter(Boolean),
    ).toEqual(['Student', 'Married', 'Job Holder']);
  });

  it("shows ' Name is Required' under Name and ' Img is Required' under Photo", async () => {
    const { api } = renderProfile(createProfile({ occupation: 'Student' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: '' } });

    save();

    await waitFor(() => expect(errorTextFor(screen.getByLabelText('Name'))).toBe(messages.nameRequired));
    expect(errorTextFor(screen.getByLabelText('Photo'))).toBe(messages.imgRequired);
    expect(errorTextFor(screen.getByLabelText('Occupation'))).toBeNull();
    expect(api.callsTo('POST /api/uploads')).toHaveLength(0);
  });

  it("checks the email ('Provide a Valid Email') and asks for an occupation", async () => {
    renderProfile(createProfile({ email: 'not-an-email', occupation: null }));
    pickFiles(await screen.findByLabelText('Photo'), [photo()]);

    save();

    await waitFor(() => expect(errorTextFor(screen.getByLabelText('Email'))).toBe(messages.emailInvalid));
    expect(errorTextFor(screen.getByLabelText('Occupation'))).toBe('Choose an occupation');
    expect(errorTextFor(screen.getByLabelText('Photo'))).toBeNull();
  });

  it('refuses a file that is not a PNG, JPEG or WebP image before uploading', async () => {
    const { api } = renderProfile(createProfile({ occupation: 'Student' }));
    pickFiles(await screen.findByLabelText('Photo'), [
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    ]);

    save();

    await waitFor(() =>
      expect(errorTextFor(screen.getByLabelText('Photo'))).toBe('Choose a PNG, JPEG or WebP image'),
    );
    expect(api.callsTo('POST /api/uploads')).toHaveLength(0);
  });

  it('uploads the photo, saves the user information and shows the new profile', async () => {
    const before = createProfile({ name: 'Riley Rider', email: 'rider@pitstop.com', image: null });
    const { api, setServerProfile } = renderProfile(before, {
      'POST /api/uploads': () => jsonResponse({ success: true, data: { url: UPLOADED } }),
      'POST /api/userInfo': () => {
        setServerProfile({ ...before, name: 'Riley R.', occupation: 'Job Holder', image: UPLOADED });
        return jsonResponse({ insertedId: before._id });
      },
    });
    const file = photo();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Riley R.' } });
    fireEvent.change(screen.getByLabelText('Occupation'), { target: { value: 'Job Holder' } });
    pickFiles(screen.getByLabelText('Photo'), [file]);

    save();

    await waitFor(() => expect(profileStatus().textContent).toBe('Profile saved'));
    const [upload] = api.callsTo('POST /api/uploads');
    expect((upload?.init?.body as FormData).get('image')).toBe(file);
    expect(authorizationOf(upload?.init)).toBe('Bearer key-1');
    const [info] = api.callsTo('POST /api/userInfo');
    expect(jsonBodyOf(info?.init)).toEqual({
      email: 'rider@pitstop.com',
      name: 'Riley R.',
      occupation: 'Job Holder',
      img: UPLOADED,
    });
    const summary = screen.getByRole('region', { name: 'Your profile' });
    await waitFor(() =>
      expect(within(summary).getByRole('img', { name: 'Riley R.' }).getAttribute('src')).toBe(UPLOADED),
    );
    expect(within(summary).getByText('Job Holder')).toBeTruthy();
  });

  it.each([
    ['an upload of ours', UPLOADED],
    ['a Google account’s picture', 'https://lh3.googleusercontent.com/a/riley'],
  ])(
    'renames without a new photo when the account has %s: no upload, no img sent, the photo stays',
    async (_case, image) => {
      const { api } = renderProfile(createProfile({ image, name: 'Riley Rider', occupation: 'Married' }), {
        'POST /api/userInfo': () => jsonResponse({ insertedId: 'x' }),
      });
      fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Riley R.' } });

      save();

      await waitFor(() => expect(profileStatus().textContent).toBe('Profile saved'));
      expect(errorTextFor(screen.getByLabelText('Photo'))).toBeNull();
      expect(api.callsTo('POST /api/uploads')).toHaveLength(0);
      const body = jsonBodyOf(api.callsTo('POST /api/userInfo')[0]?.init);
      expect(body).toMatchObject({ name: 'Riley R.', occupation: 'Married' });
      expect(body).not.toHaveProperty('img');
    },
  );

  it('links to the credit application, saying where the customer stands', async () => {
    renderProfile(createProfile({ occupation: 'Student' }), {
      'GET /api/credit': () => jsonResponse({ application: null, account: null }),
    });

    const offer = await screen.findByRole('region', { name: creditOfferTexts.heading });
    expect(within(offer).getByText(creditOfferTexts.none)).toBeTruthy();
    expect(within(offer).getByRole('link', { name: creditOfferTexts.apply }).getAttribute('href')).toBe(
      '/credit',
    );
  });

  it('puts a refused upload under Photo and server field errors under their fields', async () => {
    const { api } = renderProfile(createProfile({ occupation: 'Student' }), {
      'POST /api/uploads': () =>
        problemResponse(415, 'Unsupported Media Type', 'That file is not an image we can read.'),
    });
    pickFiles(await screen.findByLabelText('Photo'), [photo()]);

    save();

    await waitFor(() =>
      expect(errorTextFor(screen.getByLabelText('Photo'))).toBe('That file is not an image we can read.'),
    );
    expect(api.callsTo('POST /api/userInfo')).toHaveLength(0);
    expect(profileStatus().textContent).toBe('');
  });

  it('shows a validation problem from POST /api/userInfo under the named field', async () => {
    renderProfile(createProfile({ occupation: 'Student' }), {
      'POST /api/uploads': () => jsonResponse({ success: true, data: { url: UPLOADED } }),
      'POST /api/userInfo': () =>
        jsonResponse(
          {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'Check the highlighted fields.',
            errors: [{ field: 'name', message: 'Name is too long' }],
          },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    pickFiles(await screen.findByLabelText('Photo'), [photo()]);

    save();

    await waitFor(() => expect(errorTextFor(screen.getByLabelText('Name'))).toBe('Name is too long'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the saved cards and the 1-Click switch beside the form', async () => {
    renderProfile(createProfile({ occupation: 'Student' }), {
      'GET /api/cards': () =>
        jsonResponse({
          cards: [
            { id: 'c1', provider: 'sandbox', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 },
          ],
          oneClickEnabled: true,
          oneClickReady: true,
        }),
    });

    const cards = await screen.findByRole('region', { name: savedCardTexts.heading });
    expect(await within(cards).findByText('Visa ending in 4242')).toBeTruthy();
    expect(within(cards).getByRole('checkbox', { name: oneClickTexts.toggle })).toBeTruthy();
  });
});
