import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { addLocalVehicle, getLocalGarage } from '../stores/local-garage';
import { MyGarage } from './my-garage';

const r15 = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };
const cb350 = { year: 2022, make: 'Honda', model: "CB350 H'ness" };

describe('MyGarage', () => {
  it('invites the visitor to choose a bike when none is saved', () => {
    renderWithProviders(<MyGarage />);
    expect(screen.getByRole('region', { name: 'My Garage' }).textContent).toContain('No bikes saved yet');
  });

  it('shows the active bike as a removable chip and the others to switch to', () => {
    addLocalVehicle(cb350);
    addLocalVehicle(r15);
    renderWithProviders(<MyGarage linkToParts />);
    const garage = screen.getByRole('region', { name: 'My Garage' });

    const chip = within(garage).getByRole('link', { name: '2019 Yamaha YZF-R15 V3' });
    expect(chip.getAttribute('href')).toBe('/parts?year=2019&make=Yamaha&model=YZF-R15+V3');
    expect(
      within(garage).getByRole('button', { name: 'Remove 2019 Yamaha YZF-R15 V3 from My Garage' }),
    ).toBeTruthy();
    const others = within(garage).getByRole('list', { name: 'Your other bikes' });
    expect(within(others).getByRole('button', { name: "Shop for 2022 Honda CB350 H'ness" }).textContent).toBe(
      "2022 Honda CB350 H'ness",
    );
  });

  it("links the active bike to its parts diagrams, by its make and model's slugs", () => {
    addLocalVehicle(cb350);
    renderWithProviders(<MyGarage />);
    const link = screen.getByRole('link', { name: 'Parts diagrams' });
    expect(link.getAttribute('href')).toBe('/diagrams/honda/cb350-h-ness/2022');
  });

  it('switches to another bike and opens its parts', () => {
    addLocalVehicle(cb350);
    addLocalVehicle(r15);
    renderWithProviders(<MyGarage />);
    fireEvent.click(screen.getByRole('button', { name: "Shop for 2022 Honda CB350 H'ness" }));

    expect(getLocalGarage()[0]).toMatchObject({ ...cb350, active: true });
    expect(screen.getByTestId('location').textContent).toBe(
      '/parts?year=2022&make=Honda&model=CB350+H%27ness',
    );
    expect(screen.getByRole('button', { name: 'Shop for 2019 Yamaha YZF-R15 V3' })).toBeTruthy();
  });

  it('removes the active bike, tells the screen, and keeps the focus in the garage', () => {
    addLocalVehicle(cb350);
    addLocalVehicle(r15);
    const removed: unknown[] = [];
    renderWithProviders(<MyGarage onRemove={(v) => removed.push(v)} />);
    const remove = screen.getByRole('button', { name: 'Remove 2019 Yamaha YZF-R15 V3 from My Garage' });
    remove.focus();
    fireEvent.click(remove);

    expect(removed).toEqual([expect.objectContaining(r15)]);
    expect(getLocalGarage()).toEqual([expect.objectContaining({ ...cb350, active: false })]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'My Garage' }));
    // No bike is active now: the rest are listed to choose from.
    expect(screen.getByRole('list', { name: 'Your bikes' })).toBeTruthy();
  });
});
