import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPart } from '@/testing/part-factory';
import { renderWithProviders } from '@/testing/render';
import { FitBadge } from './fit-badge';
import { PartCard } from './part-card';

const r15 = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };
const r15Fitment = {
  make: 'Yamaha',
  model: 'YZF-R15 V3',
  yearFrom: 2018,
  yearTo: 2021,
  position: 'front' as const,
  quantity: 1,
  note: null,
};

describe('FitBadge', () => {
  it('says the part fits the bike, with where it goes', () => {
    const part = createPart({ fitment: [r15Fitment, { ...r15Fitment, position: 'rear' }] });
    renderWithProviders(<FitBadge part={part} vehicle={r15} />);
    expect(screen.getByText('Fits your 2019 Yamaha YZF-R15 V3').closest('p')?.textContent).toBe(
      'Fits your 2019 Yamaha YZF-R15 V3 · Front, Rear',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('counts the first and last years of a range as fitting', () => {
    const part = createPart({ fitment: [{ ...r15Fitment, position: null }] });
    renderWithProviders(
      <>
        <FitBadge part={part} vehicle={{ ...r15, year: 2018 }} />
        <FitBadge part={part} vehicle={{ ...r15, year: 2021 }} />
      </>,
    );
    expect(screen.getByText('Fits your 2018 Yamaha YZF-R15 V3')).toBeTruthy();
    expect(screen.getByText('Fits your 2021 Yamaha YZF-R15 V3')).toBeTruthy();
  });

  it('warns when the part does not fit, with a link to parts of the same kind that do', () => {
    const part = createPart({
      category: 'brake-pads',
      fitment: [{ ...r15Fitment, make: 'Honda', model: "CB350 H'ness", yearFrom: 2021, yearTo: 2025 }],
    });
    renderWithProviders(<FitBadge part={part} vehicle={r15} />);
    const badge = screen.getByText(/^Does not fit your 2019 Yamaha YZF-R15 V3/).closest('p');
    expect(badge?.textContent).toBe('Does not fit your 2019 Yamaha YZF-R15 V3 — see parts that fit');
    const link = within(badge!).getByRole('link', { name: 'see parts that fit' });
    expect(link.getAttribute('href')).toBe(
      '/parts?year=2019&make=Yamaha&model=YZF-R15+V3&category=brake-pads',
    );
  });

  it('does not fit a year outside the range', () => {
    const part = createPart({ fitment: [r15Fitment] });
    renderWithProviders(<FitBadge part={part} vehicle={{ ...r15, year: 2022 }} />);
    expect(screen.getByText(/^Does not fit your 2022 Yamaha YZF-R15 V3/)).toBeTruthy();
  });

  it('says Universal for a part that fits any bike', () => {
    const part = createPart({ universal: true, fitment: [] });
    renderWithProviders(<FitBadge part={part} vehicle={r15} />);
    expect(screen.getByText('Universal')).toBeTruthy();
    expect(screen.queryByText(/fit your/)).toBeNull();
  });

  it('prefers "Fits" for a universal part that lists the bike', () => {
    const part = createPart({ universal: true, fitment: [r15Fitment] });
    renderWithProviders(<FitBadge part={part} vehicle={r15} />);
    expect(screen.getByText('Fits your 2019 Yamaha YZF-R15 V3')).toBeTruthy();
  });
});

describe('PartCard with a bike', () => {
  it('shows the badge only when given a bike', () => {
    const part = createPart({ fitment: [r15Fitment] });
    const { unmount } = renderWithProviders(<PartCard part={part} />);
    expect(screen.queryByText(/Fits your/)).toBeNull();
    unmount();

    renderWithProviders(<PartCard part={part} vehicle={r15} />);
    expect(within(screen.getByRole('article')).getByText('Fits your 2019 Yamaha YZF-R15 V3')).toBeTruthy();
  });
});
