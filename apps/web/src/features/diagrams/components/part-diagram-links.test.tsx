import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import type { PartDiagramLink } from '@pitstop/core/diagrams';
import { mockApi } from '@/testing/api';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { PartDiagramLinks } from './part-diagram-links';

const PART = '00000000-0000-4000-8000-000000000001';

function link(overrides: Partial<PartDiagramLink>): PartDiagramLink {
  return {
    assemblyId: 'a1',
    name: 'Front brake caliper',
    make: 'Yamaha',
    model: 'MT-15',
    yearFrom: 2019,
    yearTo: 2025,
    slug: 'front-brake-caliper',
    number: 1,
    path: '/diagrams/yamaha/mt-15/2025/front-brake-caliper',
    ...overrides,
  };
}

describe('PartDiagramLinks', () => {
  it("asks for the rider's bike and links the diagrams the part is on, that bike's first", async () => {
    const api = mockApi({
      [`GET /api/diagrams/parts/${PART}`]: () =>
        jsonResponse([
          link({ path: '/diagrams/yamaha/mt-15/2020/front-brake-caliper', number: 7 }),
          link({
            assemblyId: 'a2',
            model: 'FZ-S V3',
            yearFrom: 2019,
            yearTo: 2019,
            path: '/diagrams/yamaha/fz-s-v3/2019/front-brake-caliper',
          }),
        ]),
    });
    renderWithProviders(
      <PartDiagramLinks partId={PART} bike={{ year: 2020, make: 'Yamaha', model: 'MT-15' }} />,
    );
    const main = await screen.findByRole('link', { name: diagramTexts.seeOnDiagram });
    expect(main.getAttribute('href')).toBe('/diagrams/yamaha/mt-15/2020/front-brake-caliper');
    expect(screen.getByText('Front brake caliper · Yamaha MT-15 2019–2025 · number 7')).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Front brake caliper · Yamaha FZ-S V3 2019 · number 1' })
        .getAttribute('href'),
    ).toBe('/diagrams/yamaha/fz-s-v3/2019/front-brake-caliper');
    const asked = api.callsTo(`GET /api/diagrams/parts/${PART}`)[0]!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ year: '2020', make: 'Yamaha', model: 'MT-15' });
  });

  it('shows nothing for a part on no diagram', async () => {
    const api = mockApi({ [`GET /api/diagrams/parts/${PART}`]: () => jsonResponse([]) });
    const { container } = renderWithProviders(<PartDiagramLinks partId={PART} bike={null} />);
    await waitFor(() => expect(api.callsTo(`GET /api/diagrams/parts/${PART}`)).toHaveLength(1));
    expect(container.querySelector('nav')).toBeNull();
  });
});
