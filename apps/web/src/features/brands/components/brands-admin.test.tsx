import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { brandsTexts, type Brand } from '@pitstop/core/brands';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf, mockConfirm, pickFiles } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { BrandsAdmin } from './brands-admin';

const LOGO = `/uploads/${'e'.repeat(64)}-200x80.webp`;

const honda: Brand = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Honda',
  slug: 'honda',
  kind: 'oem',
  logo: null,
  featured: true,
  partCount: 12,
};
const ebc: Brand = {
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'EBC',
  slug: 'ebc',
  kind: 'aftermarket',
  logo: LOGO,
  featured: false,
  partCount: 3,
};

function problem(status: number, detail: string, errors: { field: string; message: string }[] = []) {
  return new Response(
    JSON.stringify({
      type: 'about:blank',
      title: status === 409 ? 'Conflict' : 'Bad Request',
      status,
      detail,
      errors,
    }),
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}

function renderAdmin(routes: Parameters<typeof mockApi>[0] = {}, brands: Brand[] = [ebc, honda]) {
  window.localStorage.setItem('accessToken', 'admin-key');
  const onCatalogueChanged = vi.fn();
  const api = mockApi({
    'GET /api/brands': () => jsonResponse(brands),
    'POST /api/uploads': () => jsonResponse({ success: true, data: { url: LOGO } }),
    ...routes,
  });
  renderWithProviders(<BrandsAdmin onCatalogueChanged={onCatalogueChanged} />);
  return { api, onCatalogueChanged };
}

const table = () => screen.getByRole('table', { name: brandsTexts.heading });
const rowOf = (name: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => within(row).queryByText(name, { exact: true }))!;
const form = () => screen.getByRole('form');

describe('BrandsAdmin', () => {
  it('lists each brand with its logo, kind, featured and part count, and Edit and Delete', async () => {
    renderAdmin();
    await screen.findByText('EBC');
    const row = rowOf('EBC');
    expect(
      within(row)
        .getByRole('img', { name: brandsTexts.logoAlt('EBC') })
        .getAttribute('src'),
    ).toBe(LOGO);
    expect(within(row).getByText('Aftermarket')).toBeTruthy();
    expect(within(row).getByText('No')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    const hondaRow = rowOf('Honda');
    expect(within(hondaRow).getByText('OEM')).toBeTruthy();
    expect(within(hondaRow).getByText('Yes')).toBeTruthy();
    expect(within(hondaRow).getByText('12')).toBeTruthy();
    expect(within(hondaRow).getByRole('button', { name: brandsTexts.edit('Honda') })).toBeTruthy();
    expect(within(hondaRow).getByRole('button', { name: brandsTexts.deleteLabel('Honda') })).toBeTruthy();
  });

  it('adds a brand with its kind and an uploaded logo, and says so', async () => {
    const created: Brand = { ...ebc, _id: '33333333-3333-4333-8333-333333333333', name: 'NGK', slug: 'ngk' };
    const { api } = renderAdmin({ 'POST /api/brands': () => jsonResponse(created) });
    await screen.findByText('EBC');

    fireEvent.click(screen.getByRole('button', { name: brandsTexts.add }));
    await waitFor(() =>
      expect(errorTextFor(screen.getByLabelText(brandsTexts.name))).toBe(brandsTexts.nameRequired),
    );
    expect(screen.getByText(brandsTexts.kindRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/brands')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(brandsTexts.name), { target: { value: '  NGK ' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Aftermarket' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Featured/ }));
    pickFiles(screen.getByLabelText(brandsTexts.logo), [new File(['png'], 'ngk.png', { type: 'image/png' })]);
    await waitFor(() => expect(within(form()).getByRole('img').getAttribute('src')).toBe(LOGO));
    fireEvent.click(screen.getByRole('button', { name: brandsTexts.add }));

    expect(await screen.findByText(brandsTexts.added('NGK'))).toBeTruthy();
    expect(jsonBodyOf(api.callsTo('POST /api/brands')[0]?.init)).toEqual({
      name: 'NGK',
      kind: 'aftermarket',
      logo: LOGO,
      featured: true,
    });
    // The list is asked for again, and the form is empty for the next brand.
    await waitFor(() => expect(api.callsTo('GET /api/brands').length).toBeGreaterThan(1));
    expect((screen.getByLabelText(brandsTexts.name) as HTMLInputElement).value).toBe('');
  });

  it('shows a taken name under Name (409 from the server)', async () => {
    renderAdmin({
      'POST /api/brands': () =>
        problem(409, brandsTexts.nameTaken, [{ field: 'name', message: brandsTexts.nameTaken }]),
    });
    await screen.findByText('EBC');
    fireEvent.change(screen.getByLabelText(brandsTexts.name), { target: { value: 'ebc' } });
    fireEvent.click(screen.getByRole('radio', { name: 'OEM' }));
    fireEvent.click(screen.getByRole('button', { name: brandsTexts.add }));
    await waitFor(() =>
      expect(errorTextFor(screen.getByLabelText(brandsTexts.name))).toBe(brandsTexts.nameTaken),
    );
  });

  it('edits a brand in the form Edit opens (focus on its name), and a rename tells the catalogue', async () => {
    const renamed: Brand = { ...ebc, name: 'EBC Brakes', slug: 'ebc-brakes' };
    const { api, onCatalogueChanged } = renderAdmin({
      [`PUT /api/brands/${ebc._id}`]: () => jsonResponse(renamed),
    });
    await screen.findByText('EBC');
    fireEvent.click(within(rowOf('EBC')).getByRole('button', { name: brandsTexts.edit('EBC') }));

    const name = await screen.findByLabelText(brandsTexts.name);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect((name as HTMLInputElement).value).toBe('EBC');
    expect((screen.getByRole('radio', { name: 'Aftermarket' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('heading', { name: brandsTexts.edit('EBC') })).toBeTruthy();

    fireEvent.change(name, { target: { value: 'EBC Brakes' } });
    fireEvent.click(screen.getByRole('button', { name: brandsTexts.save }));
    expect(await screen.findByText(brandsTexts.saved('EBC Brakes'))).toBeTruthy();
    expect(jsonBodyOf(api.callsTo(`PUT /api/brands/${ebc._id}`)[0]?.init)).toEqual({
      name: 'EBC Brakes',
      kind: 'aftermarket',
      logo: LOGO,
      featured: false,
    });
    expect(onCatalogueChanged).toHaveBeenCalledOnce();
    // Back to adding.
    expect(screen.getByRole('heading', { name: brandsTexts.add })).toBeTruthy();
  });

  it('removes a logo, and Cancel leaves the edit unsaved', async () => {
    const { api } = renderAdmin({
      [`PUT /api/brands/${ebc._id}`]: () => jsonResponse({ ...ebc, logo: null }),
    });
    await screen.findByText('EBC');
    fireEvent.click(within(rowOf('EBC')).getByRole('button', { name: brandsTexts.edit('EBC') }));
    fireEvent.click(await screen.findByRole('button', { name: brandsTexts.removeLogo }));
    expect(within(form()).queryByRole('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: brandsTexts.save }));
    await screen.findByText(brandsTexts.saved('EBC'));
    expect(jsonBodyOf(api.callsTo(`PUT /api/brands/${ebc._id}`)[0]?.init)).toMatchObject({ logo: null });

    fireEvent.click(within(rowOf('Honda')).getByRole('button', { name: brandsTexts.edit('Honda') }));
    fireEvent.click(await screen.findByRole('button', { name: brandsTexts.cancel }));
    expect(screen.getByRole('heading', { name: brandsTexts.add })).toBeTruthy();
    expect(api.callsTo(`PUT /api/brands/${honda._id}`)).toHaveLength(0);
  });

  it('asks before deleting, and shows the server’s refusal of a brand with parts', async () => {
    const inUse = brandsTexts.inUse('EBC', 3);
    const { api, onCatalogueChanged } = renderAdmin({
      [`DELETE /api/brands/${ebc._id}`]: () => problem(409, inUse, [{ field: 'brand', message: inUse }]),
    });
    await screen.findByText('EBC');
    const confirm = mockConfirm(false, true);

    fireEvent.click(within(rowOf('EBC')).getByRole('button', { name: brandsTexts.deleteLabel('EBC') }));
    expect(confirm).toHaveBeenCalledWith(brandsTexts.confirmDelete('EBC'));
    expect(api.callsTo(`DELETE /api/brands/${ebc._id}`)).toHaveLength(0);

    fireEvent.click(within(rowOf('EBC')).getByRole('button', { name: brandsTexts.deleteLabel('EBC') }));
    expect((await screen.findByRole('alert')).textContent).toBe(inUse);
    expect(onCatalogueChanged).not.toHaveBeenCalled();
  });

  it('deletes a brand with no parts and says so', async () => {
    const ngk: Brand = {
      ...ebc,
      _id: '44444444-4444-4444-8444-444444444444',
      name: 'NGK',
      slug: 'ngk',
      partCount: 0,
    };
    const { onCatalogueChanged } = renderAdmin(
      { [`DELETE /api/brands/${ngk._id}`]: () => jsonResponse({ deletedCount: 1 }) },
      [ngk, honda],
    );
    await screen.findByText('NGK');
    mockConfirm(true);
    fireEvent.click(within(rowOf('NGK')).getByRole('button', { name: brandsTexts.deleteLabel('NGK') }));
    expect(await screen.findByText(brandsTexts.deleted('NGK'))).toBeTruthy();
    expect(onCatalogueChanged).toHaveBeenCalledOnce();
  });
});
