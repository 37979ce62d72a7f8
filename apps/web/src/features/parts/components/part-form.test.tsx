import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VEHICLE_YEAR_MAX, VEHICLE_YEAR_MIN } from '@pitstop/core/vehicle-fit';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf, pickFiles } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import type { BrandChoice } from './part-brand-field';
import { PartForm } from './part-form';

const UPLOADED = `/uploads/${'c'.repeat(64)}.webp`;
/** The shop's brands as GET /api/brands would list them (the route passes them in). */
const BRANDS: BrandChoice[] = [
  { name: 'EBC', kind: 'aftermarket' },
  { name: 'Honda', kind: 'oem' },
  { name: 'K&N', kind: 'aftermarket' },
  { name: 'Suzuki', kind: 'oem' },
];
const label = (name: string) => screen.getByLabelText(name);

function renderForm(part?: ReturnType<typeof createPart>, routes: Parameters<typeof mockApi>[0] = {}) {
  window.localStorage.setItem('accessToken', 'admin-key');
  const onSaved = vi.fn();
  const api = mockApi({
    'POST /api/uploads': () => jsonResponse({ success: true, data: { url: UPLOADED } }),
    ...routes,
  });
  renderWithProviders(<PartForm part={part} onSaved={onSaved} brands={BRANDS} />);
  return { api, onSaved };
}

async function fillValidPart() {
  fireEvent.change(label('Name'), { target: { value: 'Sintered pads' } });
  fireEvent.change(label('Part number'), { target: { value: 'SP-1' } });
  fireEvent.change(label('Seller'), { target: { value: 'Pitstop' } });
  fireEvent.change(label('Price ($)'), { target: { value: '24.5' } });
  fireEvent.change(label('Brand'), { target: { value: 'Honda' } });
  fireEvent.change(label('Category'), { target: { value: 'brake-pads' } });
  fireEvent.change(label('Description'), { target: { value: 'Front pads.' } });
  fireEvent.change(label('Stock'), { target: { value: '40' } });
  fireEvent.change(label('Available quantity'), { target: { value: '30' } });
  fireEvent.change(label('Minimum order quantity'), { target: { value: '2' } });
  pickFiles(label('Photo'), [new File(['png'], 'pads.png', { type: 'image/png' })]);
  await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toBe(UPLOADED));
}

const submit = (name = 'Add part') => fireEvent.click(screen.getByRole('button', { name }));

describe('PartForm', () => {
  it('refuses negative stock, a minimum above the available quantity and a bad price', async () => {
    const { api } = renderForm();
    await fillValidPart();
    fireEvent.change(label('Stock'), { target: { value: '-1' } });
    fireEvent.change(label('Available quantity'), { target: { value: '0' } });
    fireEvent.change(label('Available quantity'), { target: { value: '5' } });
    fireEvent.change(label('Minimum order quantity'), { target: { value: '9' } });
    fireEvent.change(label('Price ($)'), { target: { value: '1.234' } });
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
    fireEvent.change(label('Quantity per bike 1'), { target: { value: '0' } });
    submit();

    await waitFor(() => expect(errorTextFor(label('Price ($)'))).toBe('Enter a price'));
    expect(errorTextFor(label('Brand'))).toBe('Choose a brand');
    expect(errorTextFor(label('Photo'))).toBe(' Img is Required');
    expect(errorTextFor(label('Spec key 1'))).toBe('Enter the specification');
    expect(errorTextFor(label('Make 1'))).toBe('Enter the make');
    expect(errorTextFor(label('From year 1'))).toBe('Enter a year from 1950 to 2100');
    expect(errorTextFor(label('Quantity per bike 1'))).toBe('Enter a whole number from 1 to 99');
  });

  it("keeps fitment years within the catalogue's year limits", async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add fitment' }));
    for (const name of ['From year 1', 'To year 1']) {
      expect(label(name).getAttribute('min')).toBe(String(VEHICLE_YEAR_MIN));
      expect(label(name).getAttribute('max')).toBe(String(VEHICLE_YEAR_MAX));
    }
    fireEvent.change(label('From year 1'), { target: { value: String(VEHICLE_YEAR_MIN - 1) } });
    fireEvent.change(label('To year 1'), { target: { value: String(VEHICLE_YEAR_MAX) } });
    submit();

    await waitFor(() => expect(errorTextFor(label('From year 1'))).toBe('Enter a year from 1950 to 2100'));
    expect(errorTextFor(label('To year 1'))).toBeNull();
  });

  it('uploads the photo on pick and posts the part with its specification and fitment rows', async () => {
    const { api, onSaved } = renderForm(undefined, {
      'POST /api/parts': () => jsonResponse({ insertedId: 'p-new' }, { status: 201 }),
    });
    await fillValidPart();
    fireEvent.click(screen.getByRole('button', { name: 'Add specification' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add specification' }));
    fireEvent.change(label('Spec key 1'), { target: { value: 'Compound' } });
    fireEvent.change(label('Spec value 1'), { target: { value: 'Sintered' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove specification row 2' }));
    fireEvent.click(label('Universal (fits any bike)'));
    fireEvent.click(screen.getByRole('button', { name: 'Add fitment' }));
    fireEvent.change(label('Make 1'), { target: { value: 'Honda' } });
    fireEvent.change(label('Model 1'), { target: { value: 'CB350' } });
    fireEvent.change(label('From year 1'), { target: { value: '2021' } });
    fireEvent.change(label('To year 1'), { target: { value: '2024' } });
    fireEvent.change(label('Position 1'), { target: { value: 'rear' } });
    fireEvent.change(label('Quantity per bike 1'), { target: { value: '2' } });
    fireEvent.change(label('Note 1'), { target: { value: 'Not for the ABS model' } });
    // A second row left at its defaults: any position, one per bike, no note.
    fireEvent.click(screen.getByRole('button', { name: 'Add fitment' }));
    expect((label('Position 2') as HTMLSelectElement).value).toBe('');
    expect((label('Quantity per bike 2') as HTMLInputElement).value).toBe('1');
    fireEvent.change(label('Make 2'), { target: { value: 'Honda' } });
    fireEvent.change(label('Model 2'), { target: { value: "H'ness CB350" } });
    fireEvent.change(label('From year 2'), { target: { value: '2020' } });
    fireEvent.change(label('To year 2'), { target: { value: '2020' } });
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
      stock: 40,
      availablequantity: 30,
      minquantity: 2,
      specifications: [{ key: 'Compound', value: 'Sintered' }],
      universal: true,
      fitment: [
        {
          make: 'Honda',
          model: 'CB350',
          yearFrom: 2021,
          yearTo: 2024,
          position: 'rear',
          quantity: 2,
          note: 'Not for the ABS model',
        },
        {
          make: 'Honda',
          model: "H'ness CB350",
          yearFrom: 2020,
          yearTo: 2020,
          position: null,
          quantity: 1,
          note: null,
        },
      ],
      // No other numbers were added (the Numbers section has its own tests).
      numbers: [],
    });
  });

  it('edits a part with PUT and shows server field errors under their fields', async () => {
    const part = createPart({
      name: 'Old pads',
      universal: true,
      fitment: [
        {
          make: 'Suzuki',
          model: 'Gixxer SF 250',
          yearFrom: 2020,
          yearTo: 2025,
          position: 'pair',
          quantity: 2,
          note: 'Both calipers',
        },
      ],
    });
    const { api } = renderForm(part, {
      [`PUT /api/parts/${part._id}`]: () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'Check the fields.',
            errors: [
              { field: 'fitment.0.model', message: 'Unknown model' },
              { field: 'fitment.0.quantity', message: 'Too many for one bike' },
              { field: 'fitment.0.note', message: 'That note is too long' },
            ],
          }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    expect((label('Name') as HTMLInputElement).value).toBe('Old pads');
    expect((label('Brand') as HTMLSelectElement).value).toBe('Suzuki');
    expect((label('Universal (fits any bike)') as HTMLInputElement).checked).toBe(true);
    expect((label('Model 1') as HTMLInputElement).value).toBe('Gixxer SF 250');
    expect((label('Position 1') as HTMLSelectElement).value).toBe('pair');
    expect((label('Quantity per bike 1') as HTMLInputElement).value).toBe('2');
    expect((label('Note 1') as HTMLInputElement).value).toBe('Both calipers');
    submit('Save part');

    await waitFor(() => expect(errorTextFor(label('Model 1'))).toBe('Unknown model'));
    expect(errorTextFor(label('Quantity per bike 1'))).toBe('Too many for one bike');
    expect(errorTextFor(label('Note 1'))).toBe('That note is too long');
    const body = jsonBodyOf(api.callsTo(`PUT /api/parts/${part._id}`)[0]?.init) as {
      img: string;
      universal: boolean;
      fitment: unknown;
    };
    expect(body.img).toBe(part.img);
    expect(body.universal).toBe(true);
    expect(body.fitment).toEqual(part.fitment);
  });

  it('offers the shop’s brands by kind, posts the one chosen, and shows a refused brand under Brand', async () => {
    const { api } = renderForm(undefined, {
      'POST /api/parts': () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'Choose a brand',
            errors: [{ field: 'brand', message: 'Choose a brand' }],
          }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    const select = label('Brand') as HTMLSelectElement;
    const groups = Array.from(select.querySelectorAll('optgroup'), (g) => [
      g.label,
      Array.from(g.querySelectorAll('option'), (o) => o.value),
    ]);
    expect(groups).toEqual([
      ['OEM', ['Honda', 'Suzuki']],
      ['Aftermarket', ['EBC', 'K&N']],
    ]);
    await fillValidPart();
    fireEvent.change(select, { target: { value: 'K&N' } });
    submit('Add part');
    await waitFor(() => expect(errorTextFor(label('Brand'))).toBe('Choose a brand'));
    const body = jsonBodyOf(api.callsTo('POST /api/parts')[0]?.init) as { brand: string };
    expect(body.brand).toBe('K&N');
  });

  it('shows a refused upload under Photo', async () => {
    renderForm(undefined, {
      'POST /api/uploads': () => problemResponse(415, 'Unsupported Media Type', 'That file is not an image.'),
    });
    pickFiles(label('Photo'), [new File(['png'], 'x.png', { type: 'image/png' })]);

    await waitFor(() => expect(errorTextFor(label('Photo'))).toBe('That file is not an image.'));
  });
});
