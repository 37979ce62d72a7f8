import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/api';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { getLocalGarage } from '../stores/local-garage';
import { VehicleSelector } from './vehicle-selector';

function mockVehicles() {
  return mockApi({
    'GET /api/vehicles/years': () => jsonResponse([2025, 2019, 2018]),
    'GET /api/vehicles/makes': (url) =>
      jsonResponse(url.searchParams.get('year') === '2019' ? ['Bajaj', 'Honda', 'Yamaha'] : ['Honda']),
    'GET /api/vehicles/models': (url) =>
      jsonResponse(
        url.searchParams.get('make') === 'Yamaha'
          ? [{ model: 'FZ-S V3' }, { model: 'YZF-R15 V3' }, { model: 'YZF-R15 V3', variant: 'Racing Blue' }]
          : [{ model: 'Unicorn' }],
      ),
  });
}

const optionsOf = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((o) => o.textContent);

describe('VehicleSelector', () => {
  it('goes year → make → model, saves the bike as active and opens its parts', async () => {
    const api = mockVehicles();
    renderWithProviders(<VehicleSelector />);

    const year = screen.getByLabelText<HTMLSelectElement>('Year');
    const make = screen.getByLabelText<HTMLSelectElement>('Make');
    const model = screen.getByLabelText<HTMLSelectElement>('Model');
    const submit = screen.getByRole('button', { name: 'Show parts' });
    expect(make.disabled).toBe(true);
    expect(model.disabled).toBe(true);
    expect(submit).toHaveProperty('disabled', true);
    expect(optionsOf(make)).toEqual(['Choose a year first']);

    await waitFor(() => expect(optionsOf(year)).toEqual(['Choose a year', '2025', '2019', '2018']));
    fireEvent.change(year, { target: { value: '2019' } });
    expect(make.disabled).toBe(false);
    expect(model.disabled).toBe(true);
    await waitFor(() => expect(optionsOf(make)).toEqual(['Choose a make', 'Bajaj', 'Honda', 'Yamaha']));
    expect(api.callsTo('GET /api/vehicles/makes')[0]?.url.search).toBe('?year=2019');

    fireEvent.change(make, { target: { value: 'Yamaha' } });
    expect(model.disabled).toBe(false);
    // One option per model name, even when the list has variants of it.
    await waitFor(() => expect(optionsOf(model)).toEqual(['Choose a model', 'FZ-S V3', 'YZF-R15 V3']));
    expect(api.callsTo('GET /api/vehicles/models')[0]?.url.search).toBe('?year=2019&make=Yamaha');

    fireEvent.change(model, { target: { value: 'YZF-R15 V3' } });
    expect(submit).toHaveProperty('disabled', false);
    fireEvent.click(submit);

    expect(screen.getByTestId('location').textContent).toBe('/parts?year=2019&make=Yamaha&model=YZF-R15+V3');
    expect(getLocalGarage()).toEqual([
      expect.objectContaining({ year: 2019, make: 'Yamaha', model: 'YZF-R15 V3', active: true }),
    ]);
  });

  it('starts over below a changed choice', async () => {
    mockVehicles();
    renderWithProviders(<VehicleSelector initial={{ year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' }} />);
    const year = screen.getByLabelText<HTMLSelectElement>('Year');
    const make = screen.getByLabelText<HTMLSelectElement>('Make');
    const model = screen.getByLabelText<HTMLSelectElement>('Model');
    // The preset bike shows at once, before its lists arrive.
    expect([year.value, make.value, model.value]).toEqual(['2019', 'Yamaha', 'YZF-R15 V3']);
    await waitFor(() => expect(optionsOf(model)).toContain('FZ-S V3'));

    fireEvent.change(year, { target: { value: '2025' } });
    expect([make.value, model.value]).toEqual(['', '']);
    expect(model.disabled).toBe(true);
    await waitFor(() => expect(optionsOf(make)).toEqual(['Choose a make', 'Honda']));
  });

  it('hands the bike to onChoose instead of navigating when asked', async () => {
    mockVehicles();
    const chosen: unknown[] = [];
    renderWithProviders(
      <VehicleSelector
        initial={{ year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' }}
        onChoose={(v) => chosen.push(v)}
      />,
      { route: '/parts?q=chain' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show parts' }));
    expect(chosen).toEqual([{ year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' }]);
    expect(screen.getByTestId('location').textContent).toBe('/parts?q=chain');
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Year').options.length).toBe(4));
  });

  it('offers to try again when the bike list fails to load', async () => {
    let fail = true;
    mockApi({
      'GET /api/vehicles/years': () =>
        fail ? problemResponse(503, 'Service Unavailable', 'Down') : jsonResponse([2019]),
    });
    renderWithProviders(<VehicleSelector />);
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(alert.textContent).toContain('Something went wrong');
    expect(optionsOf(screen.getByLabelText('Year'))).toEqual(['Choose a year', '2019']);
  });
});
