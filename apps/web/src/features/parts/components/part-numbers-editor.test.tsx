import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { partNumberTexts } from '@pitstop/core/part-number-texts';
import type { PartNumber } from '@pitstop/core/part-numbers';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { createPart } from '@/testing/part-factory';
import { jsonResponse } from '@/testing/render';
import { renderWithProviders } from '@/testing/render';
import { PartForm } from './part-form';

const texts = partNumberTexts.editor;
const BRANDS = [
  { name: 'Yamaha', kind: 'oem' as const },
  { name: 'EBC', kind: 'aftermarket' as const },
];
const label = (name: string) => screen.getByLabelText(name);
const numbersSection = () => screen.getByRole('group', { name: texts.legend });

function renderEdit(numbers: PartNumber[], answer?: () => Response) {
  window.localStorage.setItem('accessToken', 'admin-key');
  const part = { ...createPart({ name: 'Front pads', partNumber: 'FP-1', brand: 'Yamaha' }), numbers };
  const onSaved = vi.fn();
  const api = mockApi({
    [`PUT /api/parts/${part._id}`]: answer ?? (() => jsonResponse({ ...part })),
  });
  renderWithProviders(<PartForm part={part} brands={BRANDS} onSaved={onSaved} />);
  return { api, part, onSaved };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save part' }));

function problem(errors: { field: string; message: string }[]) {
  return new Response(
    JSON.stringify({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'Check the fields.',
      errors,
    }),
    { status: 400, headers: { 'content-type': 'application/problem+json' } },
  );
}

describe("The part form's numbers", () => {
  it("loads the part's numbers, adds and removes rows, and saves them in the admin's order", async () => {
    const { api, part, onSaved } = renderEdit([
      { kind: 'oem', brand: 'Yamaha', number: 'B7B-H4300-00' },
      { kind: 'interchange', brand: 'EBC', number: 'FA252HH' },
    ]);
    const section = numbersSection();
    expect((label(texts.kind(1)) as HTMLSelectElement).value).toBe('oem');
    expect((label(texts.brand(1)) as HTMLInputElement).value).toBe('Yamaha');
    expect((label(texts.number(1)) as HTMLInputElement).value).toBe('B7B-H4300-00');
    expect((label(texts.kind(2)) as HTMLSelectElement).value).toBe('interchange');
    // The kinds, by name.
    expect(
      within(label(texts.kind(1)))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['OEM', 'Interchange', 'Replaces']);

    fireEvent.click(within(section).getByRole('button', { name: texts.add }));
    // The new row's first field has the keyboard.
    await waitFor(() => expect(document.activeElement).toBe(label(texts.kind(3))));
    fireEvent.change(label(texts.kind(3)), { target: { value: 'supersedes' } });
    fireEvent.change(label(texts.number(3)), { target: { value: '4C8-84310-00' } });
    fireEvent.click(within(section).getByRole('button', { name: texts.remove(2) }));
    // Removing a row leaves the keyboard in the section, on Add number.
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: texts.add }));
    expect(screen.queryByLabelText(texts.kind(3))).toBeNull();
    save();

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Front pads'));
    const body = jsonBodyOf(api.callsTo(`PUT /api/parts/${part._id}`)[0]?.init) as { numbers: unknown };
    expect(body.numbers).toEqual([
      { kind: 'oem', brand: 'Yamaha', number: 'B7B-H4300-00' },
      // A replaced number needs no brand: empty is sent as none.
      { kind: 'supersedes', brand: null, number: '4C8-84310-00' },
    ]);
  });

  it('says there are none yet, and offers the shop’s brands while typing a maker', () => {
    renderEdit([]);
    expect(within(numbersSection()).getByText(texts.none)).toBeTruthy();
    fireEvent.click(within(numbersSection()).getByRole('button', { name: texts.add }));
    const brand = label(texts.brand(1));
    const list = document.getElementById(brand.getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(['Yamaha', 'EBC']);
  });

  it('keeps a new row quiet until it is left or the form is sent, then names what is missing', async () => {
    const { api, part } = renderEdit([]);
    fireEvent.click(within(numbersSection()).getByRole('button', { name: texts.add }));
    save();

    await waitFor(() => expect(errorTextFor(label(texts.number(1)))).toBe(partNumberTexts.numberRequired));
    expect(errorTextFor(label(texts.brand(1)))).toBe(partNumberTexts.brandRequired);
    expect(api.callsTo(`PUT /api/parts/${part._id}`)).toHaveLength(0);

    // A row added after the submit says nothing until its fields are left.
    fireEvent.click(within(numbersSection()).getByRole('button', { name: texts.add }));
    fireEvent.change(label(texts.number(1)), { target: { value: 'B7B-H4300-00' } });
    await waitFor(() => expect(errorTextFor(label(texts.number(1)))).toBeNull());
    expect(errorTextFor(label(texts.number(2)))).toBeNull();
    expect(errorTextFor(label(texts.brand(2)))).toBeNull();
    fireEvent.blur(label(texts.number(2)));
    await waitFor(() => expect(errorTextFor(label(texts.number(2)))).toBe(partNumberTexts.numberRequired));
    expect(errorTextFor(label(texts.brand(2)))).toBeNull();
  });

  it('refuses a number listed twice and the part’s own number before sending', async () => {
    const { api, part } = renderEdit([
      { kind: 'oem', brand: 'Yamaha', number: 'B7B-H4300-00' },
      { kind: 'oem', brand: 'Yamaha', number: 'b7b h4300 00' },
      { kind: 'interchange', brand: 'EBC', number: 'fp 1' },
    ]);
    save();

    await waitFor(() => expect(errorTextFor(label(texts.number(2)))).toBe(partNumberTexts.duplicate));
    expect(errorTextFor(label(texts.number(1)))).toBeNull();
    expect(errorTextFor(label(texts.number(3)))).toBe(partNumberTexts.ownNumber);
    expect(api.callsTo(`PUT /api/parts/${part._id}`)).toHaveLength(0);
  });

  it("shows the server's refusal under the number it names (a supersession loop)", async () => {
    const cycle = partNumberTexts.cycle('OLD-9');
    renderEdit(
      [
        { kind: 'oem', brand: 'Yamaha', number: 'B7B-H4300-00' },
        { kind: 'interchange', brand: 'EBC', number: 'FA252HH' },
        { kind: 'supersedes', brand: null, number: 'OLD-9' },
      ],
      () => problem([{ field: 'numbers.2.number', message: cycle }]),
    );
    save();

    await waitFor(() => expect(errorTextFor(label(texts.number(3)))).toBe(cycle));
    expect(errorTextFor(label(texts.number(1)))).toBeNull();
    expect(errorTextFor(label(texts.number(2)))).toBeNull();
    // The first refused field has the keyboard.
    expect(document.activeElement).toBe(label(texts.number(3)));
  });
});
