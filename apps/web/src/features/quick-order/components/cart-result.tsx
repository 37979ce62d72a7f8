import type { AddCartLinesResult } from '@pitstop/core/quick-order';
import { quickOrderTexts as t } from '@pitstop/core/quick-order-texts';
import { Link } from 'react-router';

/** What an "Add all to cart" or a reorder did: how many went in, and each line that did not, with why. */
export function CartResult({ result, addedText }: { result: AddCartLinesResult; addedText: string }) {
  const notes = result.added.filter((line) => line.note);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <p className="font-medium text-slate-900">
        {addedText}{' '}
        <Link to="/cart" className="font-semibold text-red-700 underline underline-offset-2">
          {t.goToCart}
        </Link>
      </p>
      {notes.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-slate-700">
          {notes.map((line) => (
            <li key={line.partId}>{`${line.name}: ${line.note}`}</li>
          ))}
        </ul>
      ) : null}
      {result.refused.length > 0 ? (
        <div>
          <h3 className="font-semibold text-red-800">{t.notAddedHeading}</h3>
          <ul className="list-disc pl-5 text-sm text-slate-800">
            {result.refused.map((line, i) => (
              <li key={`${line.partId ?? line.name}-${i}`}>{`${line.name}: ${line.message}`}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
