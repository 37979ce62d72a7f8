import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GarageVehicle, Vehicle } from '@pitstop/core/fitment';
import { garageTexts, sameVehicle, vehicleLabel } from '@pitstop/core/vehicle-fit';
import { setAccessToken } from '@/lib/session';
import { authorizationOf } from '@/testing/api';
import { jsonBodyOf } from '@/testing/form';
import { jsonResponse, mockFetch, problemResponse, renderWithProviders } from '@/testing/render';
import { addLocalVehicle, GARAGE_STORAGE_KEY, getLocalGarage } from '../stores/local-garage';
import { useGarage } from './use-garage';

const r15 = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };
const cb350 = { year: 2022, make: 'Honda', model: "CB350 H'ness" };
const pulsar = { year: 2020, make: 'Bajaj', model: 'Pulsar NS200' };

/** The garage as a list, with buttons that call the hook. */
function GarageProbe({ toAdd = r15 }: { toAdd?: Vehicle }) {
  const garage = useGarage();
  return (
    <div>
      <ul aria-label="Garage">
        {garage.vehicles.map((v) => (
          <li key={v.id}>
            {vehicleLabel(v)}
            {v.active ? ' (active)' : ''}
            <button type="button" onClick={() => garage.remove(v.id)}>
              Remove {vehicleLabel(v)}
            </button>
            <button type="button" onClick={() => garage.activate(v.id)}>
              Activate {vehicleLabel(v)}
            </button>
          </li>
        ))}
      </ul>
      <p>Active: {garage.active ? vehicleLabel(garage.active) : 'none'}</p>
      <p>{garage.isPending ? 'pending' : 'settled'}</p>
      <p role="alert">{garage.error}</p>
      <button type="button" onClick={() => garage.add(toAdd)}>
        Add
      </button>
    </div>
  );
}

/**
 * The server's garage in memory, behaving as the contract says: POST adds the bike (or finds it)
 * and makes it active, DELETE removes, PUT …/active switches; each answers the whole garage.
 */
function fakeServerGarage(initial: GarageVehicle[] = []) {
  let garage = initial;
  let next = 0;
  const ordered = () => [...garage.filter((v) => v.active), ...garage.filter((v) => !v.active)];
  const spy = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const id = /^\/api\/garage\/([^/]+)/.exec(url.pathname)?.[1];
    if (method === 'GET' && url.pathname === '/api/garage') return jsonResponse(ordered());
    if (method === 'POST' && url.pathname === '/api/garage') {
      const bike = jsonBodyOf(init) as Vehicle;
      const found = garage.find((v) => sameVehicle(v, bike));
      const newId = found?.id ?? `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;
      garage = [
        ...garage.filter((v) => v.id !== newId).map((v) => ({ ...v, active: false })),
        { ...bike, id: newId, active: true },
      ];
      return jsonResponse(ordered());
    }
    if (method === 'DELETE' && id) {
      garage = garage.filter((v) => v.id !== id);
      return jsonResponse(ordered());
    }
    if (method === 'PUT' && id && url.pathname.endsWith('/active')) {
      garage = garage.map((v) => ({ ...v, active: v.id === id }));
      return jsonResponse(ordered());
    }
    return problemResponse(404, 'Not Found', `No mock for ${method} ${url.pathname}`);
  });
  const callsTo = (method: string, path: RegExp) =>
    spy.mock.calls.filter(([input, init]) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return (init?.method ?? 'GET') === method && path.test(new URL(raw, 'http://localhost').pathname);
    });
  return { spy, callsTo, current: ordered };
}

const summary = (list: GarageVehicle[]) =>
  list.map((v) => `${vehicleLabel(v)}${v.active ? ' (active)' : ''}`);

describe('useGarage for a visitor', () => {
  it('keeps the garage in this browser', () => {
    const server = fakeServerGarage();
    renderWithProviders(<GarageProbe />);
    expect(screen.getByText('Active: none')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Active: 2019 Yamaha YZF-R15 V3')).toBeTruthy();
    expect(getLocalGarage().map((v) => v.model)).toEqual(['YZF-R15 V3']);
    expect(server.spy).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove 2019 Yamaha YZF-R15 V3' }));
    expect(screen.getByText('Active: none')).toBeTruthy();
    expect(window.localStorage.getItem(GARAGE_STORAGE_KEY)).toBeNull();
  });

  it('says when the garage is full', () => {
    fakeServerGarage();
    for (let i = 0; i < 10; i++) addLocalVehicle({ ...r15, year: 2010 + i });
    renderWithProviders(<GarageProbe toAdd={cb350} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert').textContent).toBe(garageTexts.full);
    expect(screen.getByText('Active: 2019 Yamaha YZF-R15 V3')).toBeTruthy();
    expect(getLocalGarage()).toHaveLength(10);
  });
});

describe('useGarage when signed in', () => {
  it('reads and changes the garage on the server', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    const server = fakeServerGarage([{ ...cb350, id: '00000000-0000-4000-8000-000000000099', active: true }]);
    renderWithProviders(<GarageProbe />);

    expect(await screen.findByText("Active: 2022 Honda CB350 H'ness")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Active: 2019 Yamaha YZF-R15 V3')).toBeTruthy();
    const [post] = server.callsTo('POST', /^\/api\/garage$/);
    expect(jsonBodyOf(post?.[1])).toEqual(r15);
    expect(authorizationOf(post?.[1])).toBe('Bearer rider-key');

    fireEvent.click(screen.getByRole('button', { name: "Remove 2022 Honda CB350 H'ness" }));
    await waitFor(() => expect(screen.queryByText(/CB350/)).toBeNull());
    expect(server.current().map((v) => v.model)).toEqual(['YZF-R15 V3']);
    expect(getLocalGarage()).toEqual([]);
  });

  it('merges the browser garage into the account at sign-in, keeping the active bike active', async () => {
    const server = fakeServerGarage([
      { ...pulsar, id: '00000000-0000-4000-8000-000000000009', active: true },
    ]);
    // As a visitor: two bikes, the Yamaha active.
    addLocalVehicle(cb350);
    addLocalVehicle(r15);
    renderWithProviders(<GarageProbe />);
    expect(screen.getByText('Active: 2019 Yamaha YZF-R15 V3')).toBeTruthy();
    expect(server.spy).not.toHaveBeenCalled();

    act(() => setAccessToken('rider-key'));

    await waitFor(() => expect(screen.getByText('settled')).toBeTruthy());
    const posted = server.callsTo('POST', /^\/api\/garage$/).map(([, init]) => jsonBodyOf(init));
    // The active bike goes last, so it is the active one on the server too.
    expect(posted).toEqual([cb350, r15]);
    expect(screen.getByText('Active: 2019 Yamaha YZF-R15 V3')).toBeTruthy();
    expect(summary(server.current())).toEqual([
      '2019 Yamaha YZF-R15 V3 (active)',
      '2020 Bajaj Pulsar NS200',
      "2022 Honda CB350 H'ness",
    ]);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    // The browser's copy is gone: the account holds the garage now.
    expect(window.localStorage.getItem(GARAGE_STORAGE_KEY)).toBeNull();
  });

  it("puts the server's active bike back when no browser bike was active", async () => {
    const server = fakeServerGarage([
      { ...pulsar, id: '00000000-0000-4000-8000-000000000009', active: true },
    ]);
    // A visitor who saved a bike and then switched away from it: saved, none active.
    window.localStorage.setItem(
      GARAGE_STORAGE_KEY,
      JSON.stringify({ vehicles: [{ id: 'local-1', ...r15 }], activeId: null }),
    );
    window.localStorage.setItem('accessToken', 'rider-key');
    renderWithProviders(<GarageProbe />);

    await waitFor(() => expect(screen.getByText('settled')).toBeTruthy());
    expect(screen.getByText('Active: 2020 Bajaj Pulsar NS200')).toBeTruthy();
    expect(summary(server.current())).toEqual(['2020 Bajaj Pulsar NS200 (active)', '2019 Yamaha YZF-R15 V3']);
    expect(server.callsTo('PUT', /\/active$/)).toHaveLength(1);
    expect(getLocalGarage()).toEqual([]);
  });

  it('keeps the browser garage when the merge cannot reach the server', async () => {
    const offline = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    addLocalVehicle(r15);
    window.localStorage.setItem('accessToken', 'rider-key');
    renderWithProviders(<GarageProbe />);

    expect(screen.getByText('Active: 2019 Yamaha YZF-R15 V3')).toBeTruthy();
    await waitFor(() => expect(offline.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(getLocalGarage().map((v) => v.model)).toEqual(['YZF-R15 V3']);
    expect(screen.getByText('Active: 2019 Yamaha YZF-R15 V3')).toBeTruthy();
  });
});
