import {
  catalogueIoTexts as texts,
  importTexts,
  type CatalogueImportResult,
} from '@pitstop/core/catalogue-io';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, authorizationOf } from '@/testing/api';
import { installFakeXhr } from '@/testing/fake-xhr';
import { problemResponse, renderWithProviders } from '@/testing/render';
import { CatalogueIoSection } from './catalogue-io-section';

const csv = 'part_number,name\nP-1,Brake pads\n';

function chooseFile(name = 'parts.csv') {
  const input = screen.getByLabelText(texts.fileLabel);
  fireEvent.change(input, { target: { files: [new File([csv], name, { type: 'text/csv' })] } });
}

function statusTexts(): string[] {
  return screen.getAllByRole('status').map((s) => s.textContent ?? '');
}

describe('CatalogueIoSection', () => {
  it('uploads the chosen CSV with the token, shows progress, then the counts and the failed rows', async () => {
    window.localStorage.setItem('accessToken', 'admin-key');
    const requests = installFakeXhr();
    const onImported = vi.fn();
    renderWithProviders(<CatalogueIoSection onImported={onImported} />);

    expect(screen.getByRole('region', { name: texts.heading })).toBeTruthy();
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: texts.import }));

    const xhr = await waitFor(() => {
      expect(requests).toHaveLength(1);
      return requests[0]!;
    });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/parts/import');
    expect(xhr.requestHeaders.authorization).toBe('Bearer admin-key');
    expect(xhr.body).toBeInstanceOf(FormData);
    expect(((xhr.body as FormData).get('file') as File).name).toBe('parts.csv');

    act(() => xhr.progress(45, 100));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('value')).toBe('45');
    expect(statusTexts()).toContain(texts.uploading(40));
    expect(screen.getByRole('button', { name: texts.importing })).toHaveProperty('disabled', true);

    act(() => xhr.uploaded());
    await waitFor(() => expect(statusTexts()).toContain(texts.processing));
    // Indeterminate while the server works.
    expect(screen.getByRole('progressbar').hasAttribute('value')).toBe(false);

    const result: CatalogueImportResult = {
      created: 12,
      updated: 3,
      unchanged: 85,
      failed: [
        { line: 4, field: 'brand', message: 'Choose a brand' },
        { line: 9, field: 'fitment', message: importTexts.fitmentYears(2) },
      ],
      failedRows: 2,
      brandsCreated: [],
    };
    act(() => xhr.respond(200, result));

    await screen.findByText(`${texts.done} ${texts.summary(12, 3, 85)}`);
    expect(screen.queryByRole('progressbar')).toBeNull();
    const table = screen.getByRole('table', { name: texts.failedHeading(2) });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['4', 'brand', 'Choose a brand'],
      ['9', 'fitment', importTexts.fitmentYears(2)],
    ]);
    expect(onImported).toHaveBeenCalledWith(result);
    expect(screen.getByRole('button', { name: texts.import })).toHaveProperty('disabled', false);
    // Unticked, the import does not create brands and the answer names none.
    expect(screen.queryByText(/brands? created/)).toBeNull();
  });

  it('asks the server to create missing brands when ticked, and says which it created', async () => {
    const requests = installFakeXhr();
    renderWithProviders(<CatalogueIoSection />);
    const box = screen.getByRole('checkbox', { name: texts.createBrands });
    expect(box).toHaveProperty('checked', false);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      texts.createBrandsHint,
    );
    fireEvent.click(box);
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: texts.import }));
    const xhr = await waitFor(() => {
      expect(requests).toHaveLength(1);
      return requests[0]!;
    });
    expect(xhr.url).toBe('/api/parts/import?createMissingBrands=true');
    act(() => xhr.uploaded());
    act(() =>
      xhr.respond(200, {
        created: 2,
        updated: 0,
        unchanged: 0,
        failed: [],
        failedRows: 0,
        brandsCreated: ['EBC', 'K&N'],
      } satisfies CatalogueImportResult),
    );
    await screen.findByText(texts.brandsCreated(['EBC', 'K&N']));
  });

  it('asks for a file before importing', () => {
    const requests = installFakeXhr();
    renderWithProviders(<CatalogueIoSection />);
    fireEvent.click(screen.getByRole('button', { name: texts.import }));
    const input = screen.getByLabelText(texts.fileLabel);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(texts.chooseFile)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it("shows the server's problem when it refuses the file", async () => {
    const requests = installFakeXhr();
    renderWithProviders(<CatalogueIoSection />);
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: texts.import }));
    const xhr = await waitFor(() => {
      expect(requests).toHaveLength(1);
      return requests[0]!;
    });
    const detail = importTexts.header(['colour'], ['seller'], []);
    act(() =>
      xhr.respond(
        400,
        { type: 'about:blank', title: 'Bad Request', status: 400, detail },
        'application/problem+json',
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
  });

  it('downloads the export with the token and saves it under its file name', async () => {
    window.localStorage.setItem('accessToken', 'admin-key');
    const api = mockApi({
      'GET /api/parts/export.csv': () =>
        new Response('part_number,name\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="pitstop-catalogue.csv"',
          },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:catalogue');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderWithProviders(<CatalogueIoSection />);

    fireEvent.click(screen.getByRole('button', { name: texts.export }));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:catalogue', download: 'pitstop-catalogue.csv' }]),
    );
    expect(authorizationOf(api.callsTo('GET /api/parts/export.csv')[0]?.init)).toBe('Bearer admin-key');
    expect(await (createObjectURL.mock.calls[0] as unknown as [Blob])[0].text()).toBe('part_number,name\r\n');
    await waitFor(() => expect(statusTexts()).toContain(texts.exported));
  });

  it('says when the export fails', async () => {
    mockApi({ 'GET /api/parts/export.csv': () => problemResponse(403, 'Forbidden', 'Opps! Sorry') });
    renderWithProviders(<CatalogueIoSection />);
    fireEvent.click(screen.getByRole('button', { name: texts.export }));
    expect((await screen.findByRole('alert')).textContent).toBe('Opps! Sorry');
  });
});
