import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ResponsiveTable, RowActions, type Column } from './responsive-table';

interface Item {
  id: string;
  name: string;
  count: number;
  note: string | null;
}

const items: Item[] = [
  { id: 'a', name: 'Brake pads', count: 2, note: 'Front' },
  { id: 'b', name: 'Chain kit', count: 0, note: null },
];

function renderTable(onDelete = vi.fn()) {
  const columns: Column<Item>[] = [
    { header: 'Name', title: true, cell: (item) => item.name },
    { header: 'Count', align: 'right', cell: (item) => item.count },
    {
      header: (
        <>
          Note<span className="sr-only"> (fitting)</span>
        </>
      ),
      label: 'Note',
      cell: (item) => item.note,
    },
    {
      header: 'Actions',
      actions: true,
      cell: (item) => (
        <RowActions
          actions={[
            item.note !== null && { label: 'Edit', name: `Edit ${item.name}`, to: `/edit/${item.id}` },
            { label: 'Delete', name: `Delete ${item.name}`, danger: true, onClick: () => onDelete(item) },
          ]}
        />
      ),
    },
  ];
  render(
    <MemoryRouter>
      <ResponsiveTable caption="Items" rows={items} rowKey={(item) => item.id} columns={columns} />
    </MemoryRouter>,
  );
  return screen.getByRole('table', { name: 'Items' });
}

describe('ResponsiveTable', () => {
  it('is one table with a header per column and a row per item, whatever the screen', () => {
    const table = renderTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Count', 'Note (fitting)', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Brake pads',
      'Chain kit',
    ]);
    // A zero is a value; it is shown, not taken for an empty cell.
    expect(within(rows[1]!).getAllByRole('cell')[1]?.textContent).toBe('0');
  });

  it("labels each field of a card with its column's name, and not the title or the buttons", () => {
    const table = renderTable();
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([null, 'Count', 'Note', null]);
    // The label is drawn by CSS: the cell's text stays the value.
    expect(cells[2]?.textContent).toBe('Front');
  });

  it('leaves a cell without a value empty, so a card can hide it', () => {
    const table = renderTable();
    const cells = within(within(table).getAllByRole('row')[2]!).getAllByRole('cell');
    expect(cells[2]?.childNodes).toHaveLength(0);
  });

  it('shows each action a row offers as a named button or link, and leaves out the rest', () => {
    const onDelete = vi.fn();
    const table = renderTable(onDelete);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'Edit Brake pads' }).getAttribute('href')).toBe(
      '/edit/a',
    );
    expect(within(second!).queryByRole('link', { name: 'Edit Chain kit' })).toBeNull();
    fireEvent.click(within(second!).getByRole('button', { name: 'Delete Chain kit' }));
    expect(onDelete).toHaveBeenCalledWith(items[1]);
  });

  it('renders nothing for a row with no actions, and keeps a disabled action disabled', () => {
    const { container, rerender } = render(<RowActions actions={[false, null, undefined]} />);
    expect(container.childNodes).toHaveLength(0);
    rerender(<RowActions actions={[{ label: 'Saving…', name: 'Make Ann admin', disabled: true }]} />);
    expect(screen.getByRole('button', { name: 'Make Ann admin' }).hasAttribute('disabled')).toBe(true);
  });
});
