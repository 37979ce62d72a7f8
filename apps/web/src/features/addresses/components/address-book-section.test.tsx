import { addressTexts } from '@pitstop/core/address-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addressBookTexts, type AddressBook, type AddressEntry } from '@pitstop/core/address-book';
import { checkoutTexts } from '@pitstop/core/cart-texts';

import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf, mockConfirm } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { AddressBookSection } from './address-book-section';

const HOME: AddressEntry = {
  id: '20000000-0000-4000-8000-000000000001',
  name: 'Asha Rider',
  street: '500 Howard St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0134',
  isDefault: true,
};
const WORK: AddressEntry = {
  ...HOME,
  id: '20000000-0000-4000-8000-000000000002',
  street: '1 Market St',
  line2: 'Suite 300',
  zip: '94103',
  isDefault: false,
};

function renderSection(routes: Parameters<typeof mockApi>[0] = {}, initial: AddressEntry[] = [HOME, WORK]) {
  window.localStorage.setItem('accessToken', 'rider-key');
  let current: AddressBook = { addresses: initial };
  const api = mockApi({ 'GET /api/addresses': () => jsonResponse(current), ...routes });
  renderWithProviders(<AddressBookSection />);
  return {
    api,
    serve: (next: AddressEntry[]) => {
      current = { addresses: next };
    },
  };
}

describe('AddressBookSection', () => {
  it('lists the addresses, the default with its badge, each with buttons named after it', async () => {
    renderSection();
    const list = await screen.findByRole('list', { name: addressBookTexts.heading });
    const [home, work] = within(list).getAllByRole('listitem');
    expect(home!.textContent).toContain(addressBookTexts.defaultBadge);
    expect(
      within(home!).queryByRole('button', { name: addressBookTexts.makeDefaultName(HOME.street) }),
    ).toBeNull();
    expect(work!.textContent).toContain('1 Market St, Suite 300');
    expect(work!.textContent).not.toContain(addressBookTexts.defaultBadge);
    for (const name of [
      addressBookTexts.makeDefaultName(WORK.street),
      addressBookTexts.editName(WORK.street),
      addressBookTexts.removeName(WORK.street),
    ]) {
      expect(within(work!).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('says the book is empty', async () => {
    renderSection({}, []);
    expect(await screen.findByText(addressBookTexts.empty)).toBeTruthy();
  });

  it('adds an address under the delivery rules, and sends isDefault only when ticked', async () => {
    const { api, serve } = renderSection({
      'POST /api/addresses': (_url, init) =>
        jsonResponse({ ...WORK, id: 'x', ...(jsonBodyOf(init) as object) }, { status: 201 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: addressBookTexts.add }));
    const form = screen.getByRole('form', { name: addressBookTexts.addHeading });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByLabelText(checkoutTexts.fullName)),
    );

    // Nothing is sent while the state is one the shop does not deliver to.
    fireEvent.change(within(form).getByLabelText(checkoutTexts.fullName), {
      target: { value: 'Asha Rider' },
    });
    fireEvent.change(within(form).getByLabelText(checkoutTexts.street), { target: { value: '9 Lake Rd' } });
    fireEvent.change(within(form).getByLabelText(checkoutTexts.city), { target: { value: 'Reno' } });
    fireEvent.change(within(form).getByLabelText(checkoutTexts.state), { target: { value: 'AK' } });
    fireEvent.change(within(form).getByLabelText(checkoutTexts.zip), { target: { value: '89501' } });
    fireEvent.change(within(form).getByLabelText(checkoutTexts.phone, { exact: false }), {
      target: { value: '(415) 555-0134' },
    });
    fireEvent.click(within(form).getByRole('button', { name: addressBookTexts.save }));
    await waitFor(() =>
      expect(errorTextFor(within(form).getByLabelText(checkoutTexts.state))).toBe(
        addressTexts.stateNotServed('Alaska'),
      ),
    );
    expect(api.callsTo('POST /api/addresses')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(checkoutTexts.state), { target: { value: 'NV' } });
    fireEvent.click(within(form).getByLabelText(addressBookTexts.defaultCheckbox));
    serve([HOME, WORK]);
    fireEvent.click(within(form).getByRole('button', { name: addressBookTexts.save }));
    await waitFor(() => expect(api.callsTo('POST /api/addresses')).toHaveLength(1));
    expect(jsonBodyOf(api.callsTo('POST /api/addresses')[0]!.init)).toMatchObject({
      street: '9 Lake Rd',
      state: 'NV',
      isDefault: true,
    });
    expect(await screen.findByText(addressBookTexts.saved)).toBeTruthy();
    expect(screen.queryByRole('form', { name: addressBookTexts.addHeading })).toBeNull();
  });

  it('makes an address the default, and removes one only after the confirm', async () => {
    const { api, serve } = renderSection({
      [`PUT /api/addresses/${WORK.id}`]: () => jsonResponse({ ...WORK, isDefault: true }),
      [`DELETE /api/addresses/${HOME.id}`]: () => new Response(null, { status: 204 }),
    });
    serve([
      { ...WORK, isDefault: true },
      { ...HOME, isDefault: false },
    ]);
    fireEvent.click(
      await screen.findByRole('button', { name: addressBookTexts.makeDefaultName(WORK.street) }),
    );
    await waitFor(() => expect(api.callsTo(`PUT /api/addresses/${WORK.id}`)).toHaveLength(1));
    expect(jsonBodyOf(api.callsTo(`PUT /api/addresses/${WORK.id}`)[0]!.init)).toMatchObject({
      street: WORK.street,
      line2: WORK.line2,
      isDefault: true,
    });
    expect(jsonBodyOf(api.callsTo(`PUT /api/addresses/${WORK.id}`)[0]!.init)).not.toHaveProperty('id');

    const confirm = mockConfirm(false, true);
    const remove = await screen.findByRole('button', { name: addressBookTexts.removeName(HOME.street) });
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith(addressBookTexts.confirmRemove);
    expect(api.callsTo(`DELETE /api/addresses/${HOME.id}`)).toHaveLength(0);
    serve([{ ...WORK, isDefault: true }]);
    fireEvent.click(remove);
    expect(await screen.findByText(addressBookTexts.removed)).toBeTruthy();
    // The button is gone with its row: the keyboard goes on from the section's heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: addressBookTexts.heading }));
    expect(api.callsTo(`DELETE /api/addresses/${HOME.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(HOME.street)).toBeNull());
  });
});
