import type { FocusEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import type { Callout, CalloutPart } from '@pitstop/core/diagrams';
import { formatDollars } from '@pitstop/core/money';
import { WasPrice } from '@/features/price-lists/was-price';
import { StockWords } from '@/components/ui/stock-words';
import { FitsWords } from './fits-words';

/** The element id of a callout's row, for the drawing's hotspots to bring it into view. */
export const calloutRowId = (number: number) => `callout-${number}`;

interface DiagramPartsListProps {
  /** In number order. */
  callouts: Callout[];
  active: number | null;
  onActivate: (number: number | null) => void;
  /** What a part's row offers (the cart's Add to cart), composed by the screen. */
  renderActions: (part: CalloutPart) => ReactNode;
  headingId: string;
}

function PartLine({ part, actions }: { part: CalloutPart; actions: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <Link
          to={`/parts/${part._id}`}
          className="font-semibold text-slate-900 underline-offset-2 hover:underline"
        >
          {part.name}
        </Link>
        <p className="text-sm text-slate-600">
          {diagramScreenTexts.partNumber(part.partNumber)} · {part.brand} ·{' '}
          {diagramTexts.quantityPerBike(part.quantity)}
          {part.note ? ` · ${part.note}` : ''}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-lg font-bold text-slate-900">
            {formatDollars(part.price)} <WasPrice part={part} className="text-sm" />
          </span>
          <StockWords part={part} />
          <FitsWords part={part} />
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">{actions}</div>
    </div>
  );
}

/**
 * The assembly's parts in callout order. Hovering a row or focusing anything in it lights its
 * number on the drawing; a lit number lights its row.
 */
export function DiagramPartsList({
  callouts,
  active,
  onActivate,
  renderActions,
  headingId,
}: DiagramPartsListProps) {
  function leave(event: FocusEvent<HTMLLIElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onActivate(null);
  }
  if (callouts.length === 0) return <p className="text-slate-600">{diagramScreenTexts.emptyDiagram}</p>;
  return (
    <ol aria-labelledby={headingId} className="flex flex-col gap-3">
      {callouts.map((callout) => {
        const lit = callout.number === active;
        return (
          <li
            key={callout.id}
            id={calloutRowId(callout.number)}
            // Focused from the drawing when its number is pressed (then Tab reaches Add to cart).
            tabIndex={-1}
            aria-label={diagramTexts.calloutParts(
              callout.number,
              callout.parts.map((p) => p.name).join(', '),
            )}
            onPointerEnter={() => onActivate(callout.number)}
            onPointerLeave={() => onActivate(null)}
            onFocus={() => onActivate(callout.number)}
            onBlur={leave}
            className={`flex scroll-mt-24 gap-3 rounded-2xl border p-3 outline-none transition-colors focus-visible:ring-4 focus-visible:ring-sky-500 sm:p-4 ${
              lit ? 'border-amber-400 bg-amber-50' : 'border-slate-200 bg-white'
            }`}
          >
            <span
              aria-hidden="true"
              className={`flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${
                lit ? 'border-red-800 bg-red-700 text-white' : 'border-slate-900 bg-white text-slate-900'
              }`}
            >
              {callout.number}
            </span>
            <div className="flex min-w-0 flex-1 flex-col divide-y divide-slate-200">
              {callout.parts.map((part) => (
                <PartLine key={part._id} part={part} actions={renderActions(part)} />
              ))}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
