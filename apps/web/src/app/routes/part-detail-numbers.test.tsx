import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { partNumberTexts } from '@pitstop/core/part-number-texts';
import type { PartNumber } from '@pitstop/core/part-numbers';
import { createServerRenderer } from '@/entry-server';
import { mockApi } from '@/testing/api';
import { createPart } from '@/testing/part-factory';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/testing/render';
import { PartDetailRoute } from './part-detail';

const NUMBERS: PartNumber[] = [
  { kind: 'oem', brand: 'Yamaha', number: 'B7B-H4300-00' },
  { kind: 'interchange', brand: 'EBC', number: 'FA252HH' },
  { kind: 'supersedes', brand: 'Yamaha', number: '4C8-84310-00' },
];

function partWith(
  numbers: PartNumber[],
  supersededBy: { _id: string; name: string; partNumber: string } | null = null,
) {
  return { ...createPart({ name: 'Front brake pads' }), numbers, supersededBy };
}

function apiFor(...parts: ReturnType<typeof partWith>[]) {
  return mockApi(
    Object.fromEntries(
      parts.flatMap((part) => [
        [`GET /api/parts/${part._id}`, () => jsonResponse(part)],
        [`GET /api/parts/${part._id}/reviews`, () => jsonResponse([])],
      ]),
    ),
  );
}

describe("The part page's numbers", () => {
  it('shows OEM numbers, Also fits as and Replaces, each number copyable', async () => {
    const part = partWith(NUMBERS);
    apiFor(part);
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    const oem = await screen.findByRole('region', { name: partNumberTexts.headings.oem });
    expect(within(oem).getByText('B7B-H4300-00')).toBeTruthy();
    expect(within(oem).getByText('Yamaha')).toBeTruthy();
    const also = screen.getByRole('region', { name: partNumberTexts.headings.interchange });
    expect(within(also).getByText('FA252HH')).toBeTruthy();
    const replaces = screen.getByRole('region', { name: partNumberTexts.headings.supersedes });
    expect(within(replaces).getByRole('button', { name: 'Copy 4C8-84310-00' })).toBeTruthy();
    // Inside the part's article, after its specifications and fitment.
    const headings = within(screen.getByRole('article'))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings.slice(-3)).toEqual(['OEM numbers', 'Also fits as', 'Replaces']);
  });

  it('shows no numbers section for a part that lists none', async () => {
    const part = partWith([]);
    apiFor(part);
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    expect(await screen.findByRole('heading', { level: 1, name: part.name })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Specifications' })).toBeTruthy();
    for (const heading of Object.values(partNumberTexts.headings)) {
      expect(screen.queryByRole('heading', { name: heading })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /^Copy / })).toBeNull();
  });

  it("goes on to a superseded part's replacement in place of the old page in the history", async () => {
    const replacement = partWith([{ kind: 'supersedes', brand: null, number: 'OLD-1' }]);
    const old = partWith([], {
      _id: replacement._id,
      name: replacement.name,
      partNumber: replacement.partNumber,
    });
    apiFor(old, replacement);

    function Back() {
      const navigate = useNavigate();
      const location = useLocation();
      return (
        <>
          <p data-testid="where">{location.pathname}</p>
          <button type="button" onClick={() => void navigate(-1)}>
            Back
          </button>
        </>
      );
    }
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/parts', `/parts/${old._id}`]} initialIndex={1}>
          <Routes>
            <Route path="/parts/:id" element={<PartDetailRoute />} />
            <Route path="*" element={null} />
          </Routes>
          <Back />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/parts/${replacement._id}`));
    expect(await screen.findByRole('region', { name: 'Replaces' })).toBeTruthy();
    expect(screen.getByText('OLD-1')).toBeTruthy();
    // The old page was replaced: Back leaves the part pages instead of bouncing to the old one.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/parts'));
  });

  it('renders the numbers on the server, and names their code for the page to preload', async () => {
    const part = partWith(NUMBERS);
    const renderer = createServerRenderer('https://shop.example', (url) => {
      const path = url.split('?')[0];
      const body = path === `/api/parts/${part._id}` ? part : path?.endsWith('/reviews') ? [] : null;
      return Promise.resolve(
        body === null
          ? new Response('{}', { status: 404, headers: { 'content-type': 'application/problem+json' } })
          : new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    });
    const page = await renderer.render(`/parts/${part._id}`);

    expect(page?.status).toBe(200);
    for (const text of [
      'OEM numbers',
      'Also fits as',
      'Replaces',
      'B7B-H4300-00',
      'FA252HH',
      '4C8-84310-00',
    ]) {
      expect(page?.body).toContain(text);
    }
    expect(page?.body).toContain('aria-label="Copy B7B-H4300-00"');
    expect(page?.modules).toContain('src/features/parts/components/part-numbers.tsx');
  });
});
