import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles, type ButtonVariant } from './button-styles';

/**
 * A list that is a table on wide screens and one card per row on narrower ones (below Tailwind's
 * `xl`, 1280 px: beside the dashboard's menu a table needs that much to show every column without
 * scrolling; two cards a row from `md`). Both are the same markup restyled by CSS, so the server
 * and the first client render agree and nothing measures the window. It stays a table for
 * assistive technology at every width: on cards the column headers are only visually hidden, and
 * each field shows its column's name beside it (`data-label`, drawn by CSS so the cell's text
 * stays the value).
 */

export interface Column<Row> {
  /** The column header. */
  header: ReactNode;
  /** The field's name on a card; needed when `header` is not plain text. */
  label?: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** Classes for this column's cells (both layouts). */
  className?: string;
  /** The card's title: first, larger, without a label. */
  title?: boolean;
  /** Holds only buttons (RowActions): on a card they sit at the bottom, full width, unlabelled. */
  actions?: boolean;
}

interface ResponsiveTableProps<Row> {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  /** Narrower gutters between columns, for a table of many columns beside the dashboard's menu. */
  dense?: boolean;
}

const headClass = 'border-b border-slate-200 py-3 align-middle whitespace-nowrap font-semibold';

// Wide: a bordered table cell. Narrow: a field of the card, its label (from data-label) on the
// left and its value on the right; a cell left empty (an action the row does not offer) is hidden.
const wideCell = 'xl:border-b xl:border-slate-200 xl:py-3 xl:align-middle';
const fieldCell =
  'max-xl:grid max-xl:basis-full max-xl:grid-cols-[minmax(0,7rem)_minmax(0,1fr)] max-xl:gap-3 max-xl:py-1 max-xl:before:font-semibold max-xl:before:text-slate-600 max-xl:before:content-[attr(data-label)] max-xl:empty:hidden';
const titleCell =
  'max-xl:-order-1 max-xl:block max-xl:basis-full max-xl:border-b max-xl:border-slate-200 max-xl:pb-3 max-xl:mb-1 max-xl:text-base max-xl:font-semibold';
const actionsCell = 'max-xl:block max-xl:min-w-[8rem] max-xl:flex-1 max-xl:pt-3 max-xl:empty:hidden';

function cellClass<Row>(column: Column<Row>, dense: boolean): string {
  const shape = column.title ? titleCell : column.actions ? actionsCell : fieldCell;
  const align = column.align === 'right' ? 'xl:text-right xl:tabular-nums' : '';
  return `${wideCell} ${dense ? 'xl:px-2.5' : 'xl:px-4'} ${shape} ${align} ${column.className ?? ''}`.trim();
}

function labelOf<Row>(column: Column<Row>): string | undefined {
  if (column.title || column.actions) return undefined;
  return column.label ?? (typeof column.header === 'string' ? column.header : undefined);
}

/**
 * A field's value in one box, so a value of several parts stays in the card's value column; no
 * box for no value, so the empty cell can hide.
 */
function CellContent<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const content = column.cell(row);
  if (content === null || content === undefined || content === false) return null;
  if (column.title || column.actions) return content;
  // On a card a long unbroken value (an email address) wraps rather than widening the page.
  return <div className="min-w-0 max-xl:[overflow-wrap:anywhere]">{content}</div>;
}

export function ResponsiveTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  dense = false,
}: ResponsiveTableProps<Row>) {
  return (
    // relative: the visually hidden caption and headers stay inside this box on small screens.
    <div className="relative max-w-full xl:overflow-x-auto xl:rounded-xl xl:border xl:border-slate-200 xl:bg-white xl:shadow-sm">
      <table className="w-full border-collapse text-left text-sm max-xl:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700 max-xl:sr-only">
          <tr>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={`${headClass} ${dense ? 'px-2.5' : 'px-4'} ${column.align === 'right' ? 'text-right' : ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-slate-900 max-xl:grid max-xl:gap-4 md:max-xl:grid-cols-2 xl:[&>tr:last-child>*]:border-b-0">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="max-xl:flex max-xl:flex-wrap max-xl:content-start max-xl:gap-x-2 max-xl:rounded-xl max-xl:border max-xl:border-slate-200 max-xl:bg-white max-xl:p-4 max-xl:shadow-sm"
            >
              {columns.map((column, index) => (
                <td key={index} data-label={labelOf(column)} className={cellClass(column, dense)}>
                  <CellContent column={column} row={row} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface RowAction {
  /** What the button says. */
  label: string;
  /** Its accessible name, which names the row ("Delete order of Brake pads"). */
  name: string;
  /** A link to this address; without it, a button that calls onClick. */
  to?: string;
  onClick?: () => void;
  variant?: ButtonVariant;
  /** Red text: the action removes something. */
  danger?: boolean;
  disabled?: boolean;
}

/** The classes of a row's action (44 px tall; on a card it grows to share the row's width). */
export function rowActionClass(variant: ButtonVariant = 'secondary', extra = ''): string {
  return buttonStyles(variant, 'md', `whitespace-nowrap max-xl:flex-1 ${extra}`);
}

/**
 * A row's buttons. An action the row does not offer is left out with `cond && { … }`, so adding
 * one is one more entry in the list.
 */
export function RowActions({ actions }: { actions: readonly (RowAction | false | null | undefined)[] }) {
  const shown = actions.filter((action): action is RowAction => Boolean(action));
  if (shown.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {shown.map((action, index) => {
        const className = rowActionClass(action.variant, action.danger ? 'text-red-700' : '');
        return action.to ? (
          <Link key={index} to={action.to} aria-label={action.name} className={className}>
            {action.label}
          </Link>
        ) : (
          <button
            key={index}
            type="button"
            aria-label={action.name}
            className={className}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            {action.label}
          </button>
        );
      })}
    </div>
  );
}
