import { messages } from '@pitstop/core/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf, pickFiles } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { AddUserForm } from './add-user-form';

const UPLOADED = `/uploads/${'b'.repeat(64)}.webp`;
const photo = () => new File(['png'], 'new.png', { type: 'image/png' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add User' }));

function renderForm(routes: Parameters<typeof mockApi>[0] = {}) {
  window.localStorage.setItem('accessToken', 'admin-key');
  const api = mockApi({
    'POST /api/uploads': () => jsonResponse({ success: true, data: { url: UPLOADED } }),
    ...routes,
  });
  renderWithProviders(<AddUserForm />);
  return api;
}

function fill() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nora New' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nora@pitstop.com' } });
  fireEvent.change(screen.getByLabelText('Occupation'), { target: { value: 'Job Holder' } });
  pickFiles(screen.getByLabelText('Photo'), [photo()]);
}

describe('AddUserForm', () => {
  it("shows the spec's messages under each field and sends nothing", async () => {
    const api = renderForm();
    submit();

    await waitFor(() => expect(errorTextFor(screen.getByLabelText('Name'))).toBe(messages.nameRequired));
    expect(errorTextFor(screen.getByLabelText('Email'))).toBe(messages.emailRequired);
    expect(errorTextFor(screen.getByLabelText('Occupation'))).toBe('Choose an occupation');
    expect(errorTextFor(screen.getByLabelText('Photo'))).toBe(messages.imgRequired);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    await waitFor(() => expect(errorTextFor(screen.getByLabelText('Email'))).toBe(messages.emailInvalid));
    expect(api.spy).not.toHaveBeenCalled();
  });

  it('uploads the photo, then creates the account and says a link was mailed', async () => {
    const api = renderForm({ 'POST /api/users': () => jsonResponse({ insertedId: 'u-9' }, { status: 201 }) });
    fill();
    submit();

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Nora New was added. We mailed nora@pitstop.com a link to set their password.',
      ),
    );
    const order = api.spy.mock.calls.map(([input, init]) => `${init?.method} ${String(input)}`);
    expect(order).toEqual(['POST /api/uploads', 'POST /api/users']);
    expect(jsonBodyOf(api.callsTo('POST /api/users')[0]?.init)).toEqual({
      name: 'Nora New',
      email: 'nora@pitstop.com',
      occupation: 'Job Holder',
      img: UPLOADED,
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('shows a 409 (email already has an account) under Email', async () => {
    renderForm({
      'POST /api/users': () => problemResponse(409, 'Conflict', 'That email already has an account.'),
    });
    fill();
    submit();

    await waitFor(() =>
      expect(errorTextFor(screen.getByLabelText('Email'))).toBe('That email already has an account.'),
    );
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
