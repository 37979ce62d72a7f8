import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf, pickFiles, typeInto } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { PartForm } from './part-form';

const UPLOADED = `/uploads/${'c'.repeat(64)}.webp`;
const label = (name: string) => screen.getByLabelText(name);

function renderForm(part?: ReturnType<typeof createPart>, routes: Parameters<typeof mockApi>[0] = {}) {
  window.localStorage.setItem('accessToken', 'admin-key');
  const onSaved = vi.fn();
  const api = mockApi({
    'POST /api/uploads': () => jsonResponse({ success: true, data: { url: UPLOADED } }),
    ...routes,
  });
  renderWithProviders(<PartForm part={part} onSaved={onSaved} />);
  return { api, onSaved };
}

async function fillValidPart() {
  typeInto(label('Name'), 'Sintered pads');
  typeInto(label('Part number'), 'SP-1');
  typeInto(label('Seller'), 'Pitstop');
  typeInto(label('Price ($)'), '24.5');
  fireEvent.change(label('Brand'), { target: { value: 'Honda' } });
  fireEvent.change(label('Category'), { target: { value: 'brake-pads' } });
  typeInto(label('Description'), 'Front pads.');
  typeInto(label('Stock'), '40');
  typeInto(label('Available quantity'), '30');
  typeInto(label('Minimum order quantity'), '2');
  pickFiles(label('Photo'), [new File(['png'], 'pads.png', { type: 'image/png' })]);
  await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toBe(UPLOADED));
}

const submit = (name = 'Add part') => fireEvent.click(screen.getByRole('button', { name }));

describe('PartForm', () => {
  it('refuses negative stock, a minimum above the available quantity and a bad price', async () => {
    const { api } = renderForm();
    await fillValidPart();
    typeInto(label('Stock'), '-1');
    typeInto(label('Available quantity'), '0');
    typeInto(label('Available quantity'), '5');
    typeInto(label('Minimum order quantity'), '9');
    typeInto(label('Price ($)'), '1.234');
    submit();

    await waitFor(() => expect(errorTextFor(label('Stock'))).toBe('Stock cannot be negative'));
    expect(errorTextFor(label('Minimum order quantity'))).toBe(
      'The minimum order cannot be above the available quantity',
    );
    expect(errorTextFor(label('Price ($)'))).toBe('Use at most two decimals');
    expect(api.callsTo('POST /api/parts')).toHaveLength(0);
  });

  it('asks for every required field and for complete specification and fitment rows', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add specification' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add fitment' }));
    submit();

    await waitFor(() => expect(errorTextFor(label('Price ($)'))).toBe('Enter a price'));
    expect(errorTextFor(label('Brand'))).toBe('Choose a brand');
    expect(errorTextFor(label('Photo'))).toBe(' Img is Required');
    expect(errorTextFor(label('Spec key 1'))).toBe('Enter the specification');
    expect(errorTextFor(label('Make 1'))).toBe('Enter the make');
    expect(errorTextFor(label('From year 1'))).toBe('Enter a year from 1950 to 2100');
  });

  it('uploads the photo on pick and posts the part with its specification and fitment rows', async () => {
    const { api, onSaved } = renderForm(undefined, {
      'POST /api/parts': () => jsonResponse({ insertedId: 'p-new' }, { status: 201 }),
    });
    await fillValidPart();
    fireEvent.click(screen.getByRole('button', { name: 'Add specification' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add specification' }));
    typeInto(label('Spec key 1'), 'Compound');
    typeInto(label('Spec value 1'), 'Sintered');
    fireEvent.click(screen.getByRole('button', { name: 'Remove specification row 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add fitment' }));
    typeInto(label('Make 1'), 'Honda');
    typeInto(label('Model 1'), 'CB350');
    typeInto(label('From year 1'), '2021');
    typeInto(label('To year 1'), '2024');
    submit();

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Sintered pads'));
    expect(jsonBodyOf(api.callsTo('POST /api/parts')[0]?.init)).toEqual({
      name: 'Sintered pads',
      partNumber: 'SP-1',
      seller: 'Pitstop',
      price: 24.5,
      brand: 'Honda',
      category: 'brake-pads',
      description: 'Front pads.',
      img: UPLOADED,
      ratings: 0,
      stock: 40,
      availablequantity: 30,
      minquantity: 2,
      specifications: [{ key: 'Compound', value: 'Sintered' }],
      fitment: [{ make: 'Honda', model: 'CB350', yearFrom: 2021, yearTo: 2024 }],
    });
  });

  it('edits a part with PUT and shows server field errors under their fields', async () => {
    const part = createPart({ name: 'Old pads' });
    const { api } = renderForm(part, {
      [`PUT /api/parts/${part._id}`]: () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'Check the fields.',
            errors: [{ field: 'fitment.0.model', message: 'Unknown model' }],
          }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    expect((label('Name') as HTMLInputElement).value).toBe('Old pads');
    expect((label('Brand') as HTMLSelectElement).value).toBe('Suzuki');
    submit('Save part');

    await waitFor(() => expect(errorTextFor(label('Model 1'))).toBe('Unknown model'));
    const body = jsonBodyOf(api.callsTo(`PUT /api/parts/${part._id}`)[0]?.init) as { img: string };
    expect(body.img).toBe(part.img);
  });

  it('shows a refused upload under Photo', async () => {
    renderForm(undefined, {
      'POST /api/uploads': () => problemResponse(415, 'Unsupported Media Type', 'That file is not an image.'),
    });
    pickFiles(label('Photo'), [new File(['png'], 'x.png', { type: 'image/png' })]);

    await waitFor(() => expect(errorTextFor(label('Photo'))).toBe('That file is not an image.'));
  });
});
