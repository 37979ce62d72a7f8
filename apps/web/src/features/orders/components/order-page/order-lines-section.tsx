import { formatDollars } from '@pitstop/core/money';
import type { OrderDetail, OrderDetailLine } from '@pitstop/core/order-detail';
import { orderPageTexts as t } from '@pitstop/core/order-page-texts';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import { ResponsiveTable, type Column } from '@/components/ui/responsive-table';
import { OrderSection } from './order-section';

const columns: Column<OrderDetailLine>[] = [
  { header: t.part, title: true, className: 'font-medium', cell: (line) => line.name },
  {
    header: t.partNumber,
    className: 'whitespace-nowrap text-slate-700',
    // The number in a typewriter face, its label on a phone's card in the page's.
    cell: (line) => <span className="font-mono">{line.partNumber ?? '—'}</span>,
  },
  { header: t.quantity, align: 'right', cell: (line) => line.quantity },
  {
    header: t.unitPrice,
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (line) => formatDollars(line.unitPrice),
  },
  {
    header: t.lineTotal,
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (line) => formatDollars(line.total),
  },
  {
    header: t.lineProgress,
    className: 'whitespace-nowrap text-slate-700',
    cell: (line) =>
      `${t.shippedOf(line.shipped, line.quantity)}${line.returned > 0 ? ` · ${t.returnedUnits(line.returned)}` : ''}`,
  },
];

/** One row of the totals: a term and its amount, the total in bold. */
function Amount({ term, amount, strong = false }: { term: string; amount: number; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-6 ${strong ? 'text-base font-bold text-slate-900' : 'text-slate-700'}`}
    >
      <dt>{term}</dt>
      <dd className="tabular-nums">{amount < 0 ? `−${formatDollars(-amount)}` : formatDollars(amount)}</dd>
    </div>
  );
}

/** What was bought: every line with its part number and price, then the order's totals. */
export function OrderLinesSection({ order }: { order: OrderDetail }) {
  return (
    <OrderSection id="order-lines" title={t.linesHeading}>
      <ResponsiveTable
        caption={t.linesCaption}
        rows={order.lines}
        rowKey={(line) => line.lineId}
        columns={columns}
      />
      <dl className="flex flex-col gap-1.5 self-stretch text-sm sm:ml-auto sm:min-w-72 sm:self-end">
        <Amount term={t.subtotal} amount={order.subtotal} />
        {order.discount ? (
          <Amount term={promotionsTexts.summaryLine(order.discountCode ?? '')} amount={-order.discount} />
        ) : null}
        <Amount term={t.tax} amount={order.tax} />
        <Amount term={t.total} amount={order.total} strong />
        {order.refunded > 0 ? <Amount term={t.refunded} amount={-order.refunded} /> : null}
      </dl>
    </OrderSection>
  );
}
