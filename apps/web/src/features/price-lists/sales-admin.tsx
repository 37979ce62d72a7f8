import { useState, type FormEvent } from 'react';
import type { Sale } from '@pitstop/core/pricing';
import { pricingTexts as t } from '@pitstop/core/pricing-texts';
import { formatDollars } from '@pitstop/core/money';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { cellClass, ColumnHead, TableBox } from '@/components/ui/table';
import { TextField } from '@/components/ui/text-field';
import { problemText } from '@/lib/error-text';
import { useCreateSale, useDeleteSale, useSales } from './api';

/** A datetime-local value (the admin's clock) as an ISO instant. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : '');
const when = (iso: string) => new Date(iso).toLocaleString();

function statusOf(sale: Sale, now: number): string {
  if (Date.parse(sale.endsAt) <= now) return t.saleEnded;
  return Date.parse(sale.startsAt) <= now ? t.saleRunning : t.saleUpcoming;
}

/** Admin → Sales: put a part on sale from a start to an end; the running and planned sales. */
export function SalesAdmin() {
  const sales = useSales();
  const create = useCreateSale();
  const removal = useDeleteSale();
  const [partNumber, setPartNumber] = useState('');
  const [salePrice, setSalePrice] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The moment the list was read: a sale's status as of then.
  const now = sales.dataUpdatedAt;

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setError(null);
    create.mutate(
      { partNumber, salePrice: Number(salePrice), startsAt: isoOf(startsAt), endsAt: isoOf(endsAt) },
      {
        onSuccess: (sale) => {
          setNotice(`${t.saved} ${sale.name}: ${formatDollars(sale.salePrice)}`);
          setPartNumber('');
          setSalePrice('');
        },
        onError: (e) => setError(problemText(e, t.addSale)),
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={submit}
        aria-label={t.addSale}
        className="grid grid-cols-1 items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2"
      >
        <TextField
          label={t.salePart}
          required
          value={partNumber}
          onChange={(e) => setPartNumber(e.target.value)}
        />
        <TextField
          label={t.salePrice}
          type="number"
          min={0}
          step={0.01}
          required
          value={salePrice}
          onChange={(e) => setSalePrice(e.target.value)}
        />
        <TextField
          label={t.saleStarts}
          type="datetime-local"
          required
          value={startsAt}
          onChange={(e) => setStartsAt(e.target.value)}
        />
        <TextField
          label={t.saleEnds2}
          type="datetime-local"
          required
          value={endsAt}
          onChange={(e) => setEndsAt(e.target.value)}
        />
        <button
          type="submit"
          className={buttonStyles('primary', 'md', 'self-start')}
          disabled={create.isPending}
        >
          {t.addSale}
        </button>
      </form>
      <StatusNotice message={notice} />
      <ErrorNotice message={error} />
      {sales.isPending ? (
        <Spinner label={t.loading} className="py-10" />
      ) : sales.isError ? (
        <QueryError onRetry={() => void sales.refetch()} retrying={sales.isFetching} />
      ) : sales.data.length === 0 ? (
        <p className="text-slate-700">{t.noSales}</p>
      ) : (
        <TableBox
          caption={t.salesHeading}
          head={
            <>
              <ColumnHead>{t.salePart}</ColumnHead>
              <ColumnHead align="right">{t.saleRetail}</ColumnHead>
              <ColumnHead align="right">{t.salePrice}</ColumnHead>
              <ColumnHead>{t.saleStarts}</ColumnHead>
              <ColumnHead>{t.saleEnds2}</ColumnHead>
              <ColumnHead>{t.saleStatus}</ColumnHead>
              <ColumnHead>
                <span className="sr-only">{t.endSale}</span>
              </ColumnHead>
            </>
          }
        >
          {sales.data.map((sale) => (
            <tr key={sale.id}>
              <td className={cellClass}>
                <span className="font-medium">{sale.partNumber}</span>
                <span className="block text-slate-600">{sale.name}</span>
              </td>
              <td className={`${cellClass} text-right`}>{formatDollars(sale.retail)}</td>
              <td className={`${cellClass} text-right font-semibold`}>{formatDollars(sale.salePrice)}</td>
              <td className={cellClass}>{when(sale.startsAt)}</td>
              <td className={cellClass}>{when(sale.endsAt)}</td>
              <td className={cellClass}>{statusOf(sale, now)}</td>
              <td className={cellClass}>
                <button
                  type="button"
                  className={buttonStyles('ghost', 'sm')}
                  aria-label={`${t.endSale} ${sale.partNumber}`}
                  disabled={removal.isPending}
                  onClick={() =>
                    removal.mutate(sale.id, { onError: (e) => setError(problemText(e, t.endSale)) })
                  }
                >
                  {t.endSale}
                </button>
              </td>
            </tr>
          ))}
        </TableBox>
      )}
    </div>
  );
}
