import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { renderWithProviders } from '@/testing/render';
import { createAssembly } from '../testing/assembly-factory';
import { AssemblyGrid } from './assembly-grid';

const bike = { year: 2019, make: 'Yamaha', model: 'MT-07' };
const assemblies = ['Front brake caliper', 'Rear brake caliper', 'Headlight', 'Drive chain'].map((name, i) =>
  createAssembly({ id: `a${i}`, name, slug: name.toLowerCase().replace(/ /g, '-') }),
);

describe('AssemblyGrid', () => {
  it('links each assembly for the bike, and narrows the grid to names holding every word typed', () => {
    renderWithProviders(<AssemblyGrid bike={bike} assemblies={assemblies} />);
    const links = () => screen.getAllByRole('link').map((l) => l.getAttribute('href'));
    expect(links()).toHaveLength(4);
    expect(links()[0]).toBe('/diagrams/yamaha/mt-07/2019/front-brake-caliper');

    const search = screen.getByRole('searchbox', { name: diagramTexts.searchLabel });
    fireEvent.change(search, { target: { value: 'BRAKE' } });
    expect(links()).toEqual([
      '/diagrams/yamaha/mt-07/2019/front-brake-caliper',
      '/diagrams/yamaha/mt-07/2019/rear-brake-caliper',
    ]);
    expect(screen.getByRole('status').textContent).toBe(diagramScreenTexts.shown(2));
    fireEvent.change(search, { target: { value: 'caliper rear' } });
    expect(links()).toEqual(['/diagrams/yamaha/mt-07/2019/rear-brake-caliper']);
    fireEvent.change(search, { target: { value: 'exhaust' } });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe(diagramTexts.noMatches('exhaust'));
  });

  it('says so when the bike has no diagrams', () => {
    renderWithProviders(<AssemblyGrid bike={bike} assemblies={[]} />);
    expect(screen.getByText(diagramTexts.noAssemblies)).toBeTruthy();
  });
});
