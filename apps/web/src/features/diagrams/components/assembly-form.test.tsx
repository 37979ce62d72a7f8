import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { mockApi } from '@/testing/api';
import { installFakeXhr } from '@/testing/fake-xhr';
import { errorTextFor, jsonBodyOf, pickFiles } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { createAssembly } from '../testing/assembly-factory';
import { AssemblyForm } from './assembly-form';

const UPLOADED = `/uploads/${'a'.repeat(64)}-1600x1200.webp`;

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('AssemblyForm', () => {
  it('uploads the picked picture, says what the SVG cleaning removed, and creates the assembly', async () => {
    const xhrs = installFakeXhr();
    const created = createAssembly({ id: 'new-id' });
    const api = mockApi({ 'POST /api/admin/diagrams': () => jsonResponse(created, { status: 201 }) });
    const onSaved = vi.fn();
    renderWithProviders(<AssemblyForm onSaved={onSaved} />);

    fill(diagramScreenTexts.make, 'Yamaha');
    fill(diagramScreenTexts.model, 'MT-07');
    fill(diagramScreenTexts.yearFrom, '2018');
    fill(diagramScreenTexts.yearTo, '2020');
    fill(diagramScreenTexts.name, 'Front brake caliper');
    pickFiles(screen.getByLabelText(diagramTexts.uploadPicture), [
      new File(['<svg/>'], 'caliper.svg', { type: 'image/svg+xml' }),
    ]);
    expect(xhrs).toHaveLength(1);
    expect(xhrs[0]!.url).toBe('/api/admin/diagrams/pictures');
    expect((xhrs[0]!.body as FormData).get('image')).toBeInstanceOf(File);
    act(() => xhrs[0]!.respond(201, { url: UPLOADED, width: 1600, height: 1200, removed: ['onload'] }));
    expect(await screen.findByText(diagramScreenTexts.removedFromSvg('onload'))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: diagramScreenTexts.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(jsonBodyOf(api.callsTo('POST /api/admin/diagrams')[0]!.init)).toEqual({
      make: 'Yamaha',
      model: 'MT-07',
      yearFrom: 2018,
      yearTo: 2020,
      name: 'Front brake caliper',
      slug: '',
      image: UPLOADED,
      position: 0,
    });
  });

  it('checks the form as the server does, and shows the server’s refusals under their fields', async () => {
    const api = mockApi({
      'PUT /api/admin/diagrams/00000000-0000-4000-b000-000000000001': () =>
        jsonResponse(
          {
            status: 400,
            title: 'Bad Request',
            detail: 'Check the assembly.',
            errors: [{ field: 'slug', message: diagramTexts.slugTaken('front-brake-caliper') }],
          },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    renderWithProviders(<AssemblyForm assembly={createAssembly()} onSaved={() => undefined} />);
    fill(diagramScreenTexts.yearTo, '2010');
    fill(diagramScreenTexts.name, '');
    fireEvent.click(screen.getByRole('button', { name: diagramScreenTexts.save }));
    await waitFor(() =>
      expect(errorTextFor(screen.getByLabelText(diagramScreenTexts.yearTo))).toBe(diagramTexts.yearsOrdered),
    );
    expect(errorTextFor(screen.getByLabelText(diagramScreenTexts.name))).toBe(diagramTexts.nameRequired);
    expect(api.callsTo('PUT /api/admin/diagrams/00000000-0000-4000-b000-000000000001')).toHaveLength(0);

    fill(diagramScreenTexts.yearTo, '2020');
    fill(diagramScreenTexts.name, 'Front brake caliper');
    fireEvent.click(screen.getByRole('button', { name: diagramScreenTexts.save }));
    await waitFor(() =>
      expect(errorTextFor(screen.getByLabelText(diagramScreenTexts.slug))).toBe(
        diagramTexts.slugTaken('front-brake-caliper'),
      ),
    );
  });
});
