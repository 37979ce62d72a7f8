import type { OrderDetail, OrderDetailLine } from '@pitstop/core/order-detail';
import { orderPageTexts as t } from '@pitstop/core/order-page-texts';
import { createPortal } from 'react-dom';
import { naturalCompare } from '@/lib/natural-order';
import { orderDate } from '../order-date';

export const PACKING_SLIP_ID = 'packing-slip';

/*
 * On screen the slip is not shown; on paper it is all there is. It is rendered straight into
 * <body>, beside the app's root, so printing can hide every other child of <body> (navigation,
 * the page with its buttons and prices) without knowing the app's layout.
 */
const PRINT_CSS = `
#${PACKING_SLIP_ID} { display: none; }
@media print {
  body > :not(#${PACKING_SLIP_ID}) { display: none !important; }
  #${PACKING_SLIP_ID} { display: block; color: #000; background: #fff; }
  @page { margin: 15mm; }
}
`;

interface PickLine {
  lineId: string;
  partNumber: string | null;
  name: string;
  quantity: number;
}

/**
 * What the picker takes from the shelves: the units still to ship of each line (all of them when
 * nothing is left to ship: a slip printed again for the record), in part number order, so the
 * picker walks the bins once. Part numbers sort as people read them ("BP-2" before "BP-10").
 */
export function linesToPick(lines: readonly OrderDetailLine[]): { lines: PickLine[]; partial: boolean } {
  const left = lines.filter((line) => line.quantity - line.shipped > 0);
  const partial = left.length > 0 && lines.some((line) => line.shipped > 0);
  const chosen = (left.length > 0 ? left : lines).map((line) => ({
    lineId: line.lineId,
    partNumber: line.partNumber,
    name: line.name,
    quantity: left.length > 0 ? line.quantity - line.shipped : line.quantity,
  }));
  chosen.sort(
    (a, b) =>
      naturalCompare(a.partNumber ?? '\uffff', b.partNumber ?? '\uffff') || naturalCompare(a.name, b.name),
  );
  return { lines: chosen, partial };
}

/** The admin's packing slip: printed with the page's Print button, never shown on screen. */
export function PackingSlip({ order }: { order: OrderDetail }) {
  if (typeof document === 'undefined') return null;
  const { lines, partial } = linesToPick(order.lines);
  const address = order.address;
  return createPortal(
    <section id={PACKING_SLIP_ID} aria-label={t.slipTitle} className="font-sans text-sm">
      <style>{PRINT_CSS}</style>
      <header className="mb-6 flex items-start justify-between gap-6 border-b-2 border-black pb-3">
        <div>
          <p className="text-2xl font-bold">{t.shopName}</p>
          <p className="text-base">{t.slipTitle}</p>
        </div>
        <div className="text-right">
          <p className="text-2xl font-bold">{order.orderNumber}</p>
          <p>{orderDate(order.createdAt)}</p>
        </div>
      </header>
      <div className="mb-6">
        <p className="font-bold">{t.slipShipTo}</p>
        {address ? (
          <address className="not-italic">
            <div>{address.name}</div>
            <div>{address.street}</div>
            {address.line2 ? <div>{address.line2}</div> : null}
            <div>{`${address.city}, ${address.state} ${address.zip}`}</div>
            <div>{`${t.phone}: ${address.phone}`}</div>
          </address>
        ) : (
          <>
            <p>{order.name}</p>
            <p>{`${t.phone}: ${order.num}`}</p>
          </>
        )}
      </div>
      {partial ? <p className="mb-2">{t.slipRemaining}</p> : null}
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{t.slipCaption}</caption>
        <thead>
          <tr className="border-b-2 border-black">
            <th scope="col" className="py-1 pr-3">
              {t.partNumber}
            </th>
            <th scope="col" className="py-1 pr-3">
              {t.part}
            </th>
            <th scope="col" className="py-1 pr-3 text-right">
              {t.quantity}
            </th>
            <th scope="col" className="py-1 text-center">
              {t.slipPicked}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.lineId} className="border-b border-black">
              <td className="py-2 pr-3 font-mono">{line.partNumber ?? '—'}</td>
              <td className="py-2 pr-3">{line.name}</td>
              <td className="py-2 pr-3 text-right text-base font-bold">{line.quantity}</td>
              <td className="py-2 text-center">
                <span aria-hidden="true" className="inline-block size-5 border-2 border-black align-middle" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>,
    document.body,
  );
}
