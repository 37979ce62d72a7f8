import type { ReactNode } from 'react';

export const cellClass = 'border-b border-slate-200 px-4 py-3 align-middle';
export const headClass = `${cellClass} whitespace-nowrap font-semibold`;

interface TableBoxProps {
  caption: string;
  /** Tailwind min-width for the table, so a narrow screen scrolls inside the box. */
  minWidth?: string;
  head: ReactNode;
  children: ReactNode;
}

/**
 * A data table that scrolls sideways inside its own box on small screens (360 px) instead of
 * widening the page. `relative`: the sr-only texts inside stay within the scroller.
 */
export function TableBox({ caption, minWidth = 'min-w-[48rem]', head, children }: TableBoxProps) {
  return (
    <div className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className={`w-full ${minWidth} border-collapse text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>{head}</tr>
        </thead>
        <tbody className="text-slate-900 [&>tr:last-child>*]:border-b-0">{children}</tbody>
      </table>
    </div>
  );
}

/** A column header (th scope=col). */
export function ColumnHead({ children, align = 'left' }: { children: ReactNode; align?: 'left' | 'right' }) {
  return (
    <th scope="col" className={`${headClass} ${align === 'right' ? 'text-right' : ''}`}>
      {children}
    </th>
  );
}
