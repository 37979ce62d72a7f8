import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Part } from '@pitstop/core/parts';
import { createPart } from '@/testing/part-factory';
import { FitmentTable, groupFitment } from './fitment-table';

type Row = Part['fitment'][number];
const row = (overrides: Partial<Row>): Row => ({
  make: 'Yamaha',
  model: 'YZF-R15 V3',
  yearFrom: 2018,
  yearTo: 2021,
  position: null,
  quantity: 1,
  note: null,
  ...overrides,
});

function renderTable(part: Pick<Part, 'universal' | 'fitment'>) {
  return render(
    <>
      <h2 id="fitment">Fitment</h2>
      <FitmentTable part={part} labelledBy="fitment" />
    </>,
  );
}

describe('FitmentTable', () => {
  it('groups the rows by make and model, with year ranges, positions, quantities and notes', () => {
    const part = createPart({
      fitment: [
        row({ make: 'Yamaha', model: 'MT-15', yearFrom: 2019, yearTo: 2025 }),
        row({ position: 'rear', quantity: 2, note: 'Needs the longer bolts' }),
        row({ position: 'front', yearFrom: 2018, yearTo: 2019 }),
        row({ position: 'front', yearFrom: 2020, yearTo: 2021 }),
        row({ make: 'Honda', model: "CB350 H'ness", yearFrom: 2021, yearTo: 2021 }),
      ],
    });
    renderTable(part);

    const table = screen.getByRole('table', { name: 'Fitment' });
    for (const name of ['Years', 'Position', 'Qty per bike', 'Note']) {
      expect(within(table).getByRole('columnheader', { name })).toBeTruthy();
    }
    const groups = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(groups).toEqual([
      "Honda CB350 H'ness — 2021",
      'Yamaha MT-15 — 2019–2025',
      'Yamaha YZF-R15 V3 — 2018–2021',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toContain('2018–2021Rear2Needs the longer bolts');
    expect(rows).toContain('2018–2019Front1—None');
  });

  it('says a universal part fits any bike', () => {
    renderTable({ universal: true, fitment: [] });
    expect(screen.getByText('Universal: fits any bike')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('No fitment is listed for this part.')).toBeNull();
  });

  it('says when no fitment is listed', () => {
    renderTable({ universal: false, fitment: [] });
    expect(screen.getByText('No fitment is listed for this part.')).toBeTruthy();
  });
});

describe('groupFitment', () => {
  it('orders groups by make and model and rows by year, then position', () => {
    const groups = groupFitment([
      row({ position: 'rear' }),
      row({ make: 'Bajaj', model: 'Pulsar NS200' }),
      row({ position: 'front' }),
    ]);
    expect(groups.map((g) => `${g.make} ${g.model}`)).toEqual(['Bajaj Pulsar NS200', 'Yamaha YZF-R15 V3']);
    expect(groups[1]?.rows.map((r) => r.position)).toEqual(['front', 'rear']);
  });
});
