import type { UserRow } from '@pitstop/core/admin';
import { messages } from '@pitstop/core/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProfile } from '@/testing/account-factory';
import { mockApi } from '@/testing/api';
import { mockConfirm } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { AllUsers } from './all-users';

function row(overrides: Partial<UserRow>): UserRow {
  return {
    _id: 'u-0',
    name: 'Someone',
    email: 'someone@pitstop.com',
    role: 'user',
    image: null,
    occupation: 'Student',
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const admin = row({ _id: 'u-1', name: 'Ada Admin', email: 'admin@pitstop.com', role: 'admin' });
const rider = row({ _id: 'u-2', name: 'Riley Rider', email: 'rider@pitstop.com' });
const other = row({ _id: 'u-3', name: 'Olga Admin', email: 'olga@pitstop.com', role: 'admin' });

function renderUsers(routes: Parameters<typeof mockApi>[0] = {}, list = () => [admin, rider, other]) {
  window.localStorage.setItem('accessToken', 'admin-key');
  const api = mockApi({
    'GET /api/me': () =>
      jsonResponse(createProfile({ name: 'Ada Admin', email: 'admin@pitstop.com', role: 'admin' })),
    'GET /api/user': () => jsonResponse(list()),
    ...routes,
  });
  renderWithProviders(<AllUsers />);
  return api;
}

describe('AllUsers', () => {
  it('offers Make Admin only for users who are not admins, and no Delete on your own row', async () => {
    renderUsers();
    await screen.findByRole('table', { name: 'All users' });
    expect(
      screen.getAllByRole('button', { name: /^Make .* admin$/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Make Riley Rider admin']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Ada Admin' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Delete Riley Rider' })).toBeTruthy();
  });

  it("shows 'Make Admin Successfully' when the server changed the role", async () => {
    const api = renderUsers({
      'PUT /api/user/admin/rider%40pitstop.com': () => jsonResponse({ modifiedCount: 1 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Make Riley Rider admin' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.madeAdmin));
    expect(api.callsTo('PUT /api/user/admin/rider%40pitstop.com')).toHaveLength(1);
  });

  it("shows 'Opps! Sorry' when Make Admin answers 403", async () => {
    renderUsers({
      'PUT /api/user/admin/rider%40pitstop.com': () => problemResponse(403, 'Forbidden', 'Admins only.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Make Riley Rider admin' }));

    expect((await screen.findByRole('alert')).textContent).toBe(messages.forbidden);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('deletes only after confirmation, removing the row at once', async () => {
    const confirm = mockConfirm(false, true);
    let users = [admin, rider, other];
    const api = renderUsers(
      {
        'DELETE /api/user/u-2': () => {
          users = [admin, other];
          return jsonResponse({ deletedCount: 1 });
        },
      },
      () => users,
    );
    const del = await screen.findByRole('button', { name: 'Delete Riley Rider' });

    fireEvent.click(del);
    expect(confirm).toHaveBeenLastCalledWith(messages.confirmDelete);
    expect(api.callsTo('DELETE /api/user/u-2')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Delete Riley Rider' })).toBeTruthy();

    fireEvent.click(del);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Riley Rider' })).toBeNull());
    expect(api.callsTo('DELETE /api/user/u-2')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Riley Rider was deleted. Their orders stay for the records.',
      ),
    );
  });

  it("puts the row back and shows the server's 409 detail when it refuses", async () => {
    mockConfirm(true);
    renderUsers({
      'DELETE /api/user/u-3': () => problemResponse(409, 'Conflict', 'The last admin cannot be deleted.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Olga Admin' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The last admin cannot be deleted.');
    expect(screen.getByRole('button', { name: 'Delete Olga Admin' })).toBeTruthy();
  });
});
