import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '@pitstop/core/money';
import type { QuickOrderLine, QuickOrderResult } from '@pitstop/core/quick-order';
import { quickOrderTexts as t } from '@pitstop/core/quick-order-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { StockWords } from '@/components/ui/stock-words';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import {
  quickOrderKeys,
  resolveQuickOrder,
  resolveQuickOrderFile,
  useAddCartLines,
} from '../api/quick-order';
import { CartResult } from './cart-result';

/** How long typing pauses before the lines are checked. */
const DEBOUNCE_MS = 400;

function LineItem({ line }: { line: QuickOrderLine }) {
  const tone =
    line.status === 'error'
      ? 'border-red-200 bg-red-50/40'
      : line.status === 'merged'
        ? 'border-slate-200 bg-slate-50'
        : 'border-slate-200 bg-white';
  return (
    <li className={`grid gap-x-4 gap-y-1 rounded-xl border p-3 sm:grid-cols-[4rem_1fr_auto] ${tone}`}>
      <p className="text-sm text-slate-600">
        <span className="sr-only">{t.colLine} </span>
        <span aria-hidden="true">#</span>
        {line.line}
      </p>
      <div className="min-w-0">
        <p className="break-all font-mono text-sm text-slate-700">
          <span className="sr-only">{`${t.colNumber}: `}</span>
          {line.number || '—'}
        </p>
        {line.part ? (
          <p className="font-semibold text-slate-900">
            <Link to={`/parts/${line.part._id}`} className="underline-offset-2 hover:underline">
              {line.part.name}
            </Link>{' '}
            <span className="font-normal text-slate-600">{line.part.partNumber}</span>
          </p>
        ) : null}
        {line.matchedBy ? <p className="text-sm text-slate-600">{line.matchedBy}</p> : null}
        {line.part ? (
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
            <StockWords
              part={{ availablequantity: line.part.available, minquantity: line.part.minquantity }}
            />
            {line.part.minquantity > 1 ? <span>{t.minimum(line.part.minquantity)}</span> : null}
            <span>
              {`${t.colPrice}: `}
              {line.part.listPrice !== null ? (
                <s className="mr-1 text-slate-500">{formatDollars(line.part.listPrice)}</s>
              ) : null}
              {formatDollars(line.part.unitPrice)}
            </span>
          </p>
        ) : null}
        {line.message ? (
          <p className={`text-sm font-medium ${line.status === 'error' ? 'text-red-800' : 'text-slate-700'}`}>
            {line.message}
          </p>
        ) : null}
      </div>
      <div className="text-sm sm:text-right">
        {line.status !== 'merged' && line.quantity !== null ? (
          <p>{`${t.colQuantity}: ${line.quantity}`}</p>
        ) : null}
        {line.lineTotal !== null ? (
          <p className="font-bold text-slate-900">{formatDollars(line.lineTotal)}</p>
        ) : null}
        {line.status === 'ok' ? <p className="font-medium text-emerald-800">{t.ok}</p> : null}
      </div>
    </li>
  );
}

function Results({ result }: { result: QuickOrderResult }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="font-medium text-slate-900">{t.summary(result.okLines, result.errorLines)}</p>
      {result.headerSkipped ? <p className="text-sm text-slate-600">{t.headerSkipped}</p> : null}
      <ol className="flex flex-col gap-2" aria-label={t.resultsLabel}>
        {result.lines.map((line) => (
          <LineItem key={line.line} line={line} />
        ))}
      </ol>
      <p className="text-lg">
        {`${t.total}: `}
        <strong className="text-slate-900">{formatDollars(result.total)}</strong>
      </p>
    </div>
  );
}

/**
 * /quick-order: lines of "part number, quantity" pasted or uploaded, checked as they are typed
 * (each line's part, price, stock or problem), then "Add all to cart" for the good lines.
 */
export function QuickOrderPage() {
  const textId = useId();
  const fileId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text, DEBOUNCE_MS);
  const asked = debounced.trim() === '' ? '' : debounced;

  const resolved = useQuery({
    queryKey: quickOrderKeys.resolve(asked),
    queryFn: ({ signal }) => resolveQuickOrder(asked, signal),
    enabled: asked !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: (count, error) => !(isApiError(error) && error.isRefusal) && count < 2,
  });

  const upload = useMutation({
    mutationFn: async (file: File) => ({
      result: await resolveQuickOrderFile(file),
      text: await file.text(),
    }),
    onSuccess: ({ result, text: fileText }) => {
      // The file's lines go into the box to be changed there; their answer is already known.
      queryClient.setQueryData(quickOrderKeys.resolve(fileText), result);
      setText(fileText);
    },
  });
  const add = useAddCartLines();

  const result = asked === '' ? undefined : resolved.data;
  const goodLines =
    result?.lines
      .filter((l) => l.status === 'ok' && l.part && l.quantity !== null)
      .map((l) => ({ partId: l.part!._id, quantity: l.quantity! })) ?? [];
  const waiting = text !== debounced || (resolved.isFetching && asked !== '');
  const resolveError = asked !== '' && resolved.isError ? problemText(resolved.error, t.resolveFailed) : null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <label htmlFor={textId} className="font-semibold text-slate-900">
          {t.textLabel}
        </label>
        <p id={hintId} className="text-sm text-slate-600">
          {t.lead}
        </p>
        <textarea
          id={textId}
          aria-describedby={hintId}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            add.reset();
          }}
          rows={8}
          spellCheck={false}
          placeholder={t.placeholder}
          className="w-full rounded-lg border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 focus:border-red-700 focus:outline-none focus:ring-2 focus:ring-red-700/30"
        />
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={fileId} className="font-semibold text-slate-900">
          {t.uploadLabel}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) {
              add.reset();
              upload.mutate(file);
            }
            e.target.value = '';
          }}
        />
        <ErrorNotice message={upload.isError ? problemText(upload.error, t.resolveFailed) : null} />
      </div>

      <div className="min-h-6">
        {waiting || upload.isPending ? <Spinner label={t.resolving} className="justify-start" /> : null}
      </div>
      <ErrorNotice message={resolveError} />
      {result && !resolveError ? <Results result={result} /> : null}

      {result && !resolveError ? (
        <div className="flex flex-col items-start gap-3">
          <button
            type="button"
            className={buttonStyles('primary', 'lg')}
            disabled={goodLines.length === 0 || add.isPending || waiting}
            onClick={() => add.mutate(goodLines)}
          >
            {add.isPending ? t.adding : t.addAll}
          </button>
          <div role="status" className="w-full">
            {add.data ? <CartResult result={add.data} addedText={t.added(add.data.added.length)} /> : null}
          </div>
          <ErrorNotice message={add.isError ? problemText(add.error, t.addFailed) : null} />
        </div>
      ) : null}
    </div>
  );
}
