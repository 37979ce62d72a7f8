import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { mockApi } from '@/testing/api';
import { pickFiles } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { DiagramsImportExport } from './diagrams-import-export';

const CSV = 'make,model,year_from,year_to,slug,name,image,position,number,x,y,part_number,quantity,note\n';

describe('DiagramsImportExport', () => {
  it('sends a CSV file as it is, typed text/csv, and says what was imported', async () => {
    const api = mockApi({
      'POST /api/admin/diagrams/import': () => jsonResponse({ assemblies: 2, callouts: 5, parts: 6 }),
    });
    renderWithProviders(<DiagramsImportExport filter={{}} />);
    pickFiles(screen.getByLabelText(diagramScreenTexts.importLabel), [
      new File([CSV], 'diagrams.csv', { type: 'text/csv' }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: diagramScreenTexts.importButton }));
    expect(await screen.findByText(diagramTexts.importDone(2, 5))).toBeTruthy();
    const body = api.callsTo('POST /api/admin/diagrams/import')[0]!.init!.body as Blob;
    expect(body.type).toBe('text/csv');
    expect(await body.text()).toBe(CSV);
  });

  it.each([
    {
      kind: 'CSV (each refusal names its line)',
      file: new File([CSV], 'diagrams.csv', { type: 'text/csv' }),
      errors: [
        { field: 'part_number', message: diagramTexts.importLine(3, diagramTexts.unknownPartNumber('X-1')) },
        { field: 'x', message: diagramTexts.importLine(4, diagramTexts.outsidePicture) },
      ],
      shown: `Line 3: No part has the number X-1\nLine 4: ${diagramTexts.outsidePicture}`,
    },
    {
      kind: 'JSON (each refusal named by its path)',
      file: new File(['{"assemblies":[]}'], 'diagrams.json', { type: 'application/json' }),
      errors: [
        {
          field: 'assemblies.0.callouts.1.parts.0.partNumber',
          message: diagramTexts.unknownPartNumber('X-1'),
        },
      ],
      shown: 'assemblies.0.callouts.1.parts.0.partNumber: No part has the number X-1',
    },
  ])('lists every refusal of a $kind', async ({ file, errors, shown }) => {
    mockApi({
      'POST /api/admin/diagrams/import': () =>
        jsonResponse(
          { status: 400, title: 'Bad Request', detail: 'The file was not imported.', errors },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    renderWithProviders(<DiagramsImportExport filter={{}} />);
    pickFiles(screen.getByLabelText(diagramScreenTexts.importLabel), [file]);
    fireEvent.click(screen.getByRole('button', { name: diagramScreenTexts.importButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
  });

  it('downloads the export of the bike filtered, as JSON or CSV', async () => {
    const api = mockApi({
      'GET /api/admin/diagrams/export': (url) =>
        new Response(url.searchParams.get('format') === 'csv' ? CSV : '{}', {
          headers: {
            'content-disposition': `attachment; filename="diagrams.${url.searchParams.get('format')}"`,
          },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:diagrams');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithProviders(<DiagramsImportExport filter={{ make: 'Yamaha', year: 2020 }} />);
    fireEvent.click(screen.getByRole('button', { name: diagramTexts.exportCsv }));
    await waitFor(() => expect(saved).toEqual(['diagrams.csv']));
    const asked = api.callsTo('GET /api/admin/diagrams/export')[0]!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ make: 'Yamaha', year: '2020', format: 'csv' });
    fireEvent.click(screen.getByRole('button', { name: diagramTexts.exportJson }));
    await waitFor(() => expect(saved).toEqual(['diagrams.csv', 'diagrams.json']));
  });
});
