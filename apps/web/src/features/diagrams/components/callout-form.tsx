import { useId, useState } from 'react';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts, type CalloutInput } from '@pitstop/core/diagrams';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { ErrorNotice } from '@/components/ui/notice';
import type { ApiFieldError } from '@/lib/api-client';

export interface CalloutDraft {
  number: number;
  x: number;
  y: number;
  parts: { partNumber: string; quantity: number; name?: string }[];
}

interface CalloutFormProps {
  callout: CalloutDraft;
  saved: boolean;
  pending: boolean;
  /** The server's refusals, by field (`number`, `parts.0.partNumber`, …). */
  errors: ApiFieldError[];
  error: string | null;
  onSave: (input: CalloutInput) => void;
  onDelete: () => void;
}

/**
 * The selected callout: its number and the part numbers it names, each with the units one bike
 * takes. The numbers are resolved on the server the way the quick search reads them (dashes,
 * spaces and case do not count); a number no part has is refused under its box.
 */
export function CalloutForm({ callout, saved, pending, errors, error, onSave, onDelete }: CalloutFormProps) {
  const id = useId();
  const [number, setNumber] = useState(String(callout.number));
  const [rows, setRows] = useState(
    callout.parts.length > 0 ? callout.parts : [{ partNumber: '', quantity: 1 }],
  );
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const numberError = errorOf('number') ?? errorOf('x') ?? errorOf('y');
  const partsError = errorOf('parts');

  function setRow(index: number, change: Partial<(typeof rows)[number]>) {
    setRows((list) => list.map((row, i) => (i === index ? { ...row, ...change } : row)));
  }

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({
          number: Number(number),
          x: callout.x,
          y: callout.y,
          parts: rows.map((r) => ({ partNumber: r.partNumber, quantity: r.quantity, note: null })),
        });
      }}
    >
      <h3 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {diagramScreenTexts.selectedCallout(callout.number)}
        {saved ? null : (
          <span className="ml-2 text-sm font-medium text-amber-800">{diagramScreenTexts.unsavedCallout}</span>
        )}
      </h3>
      <ErrorNotice message={error} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-number`} className="text-sm font-semibold text-slate-800">
          {diagramTexts.numberLabel}
        </label>
        <input
          id={`${id}-number`}
          type="number"
          inputMode="numeric"
          min={1}
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          aria-invalid={numberError ? true : undefined}
          aria-describedby={numberError ? `${id}-number-error` : undefined}
          className={`${inputClass} max-w-32`}
        />
        {numberError ? (
          <p id={`${id}-number-error`} className="text-sm font-medium text-red-700">
            {numberError}
          </p>
        ) : null}
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-slate-800">
          {diagramScreenTexts.partNumbersLabel}
        </legend>
        {rows.map((row, index) => {
          const rowError = errorOf(`parts.${index}.partNumber`) ?? errorOf(`parts.${index}.quantity`);
          const errorId = `${id}-part-${index}-error`;
          return (
            <div key={index} className="flex flex-wrap items-end gap-2">
              <div className="flex min-w-40 flex-1 flex-col gap-1">
                <label htmlFor={`callout-part-${index}`} className="text-sm text-slate-700">
                  {diagramTexts.partNumberLabel} {rows.length > 1 ? index + 1 : ''}
                </label>
                <input
                  id={`callout-part-${index}`}
                  value={row.partNumber}
                  autoComplete="off"
                  onChange={(event) => setRow(index, { partNumber: event.target.value, name: undefined })}
                  aria-invalid={rowError ? true : undefined}
                  aria-describedby={rowError ? errorId : undefined}
                  className={inputClass}
                />
              </div>
              <div className="flex w-24 flex-col gap-1">
                <label htmlFor={`${id}-qty-${index}`} className="text-sm text-slate-700">
                  {diagramTexts.quantityLabel}
                </label>
                <input
                  id={`${id}-qty-${index}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={99}
                  value={row.quantity}
                  onChange={(event) => setRow(index, { quantity: event.target.valueAsNumber })}
                  className={inputClass}
                />
              </div>
              {rows.length > 1 ? (
                <button
                  type="button"
                  className={buttonStyles('ghost', 'md')}
                  onClick={() => setRows((list) => list.filter((_, i) => i !== index))}
                  aria-label={`${diagramScreenTexts.removePart} ${index + 1}`}
                >
                  ×
                </button>
              ) : null}
              {row.name ? <p className="basis-full text-sm text-slate-600">{row.name}</p> : null}
              {rowError ? (
                <p id={errorId} className="basis-full text-sm font-medium text-red-700">
                  {rowError}
                </p>
              ) : null}
            </div>
          );
        })}
        {partsError ? <p className="text-sm font-medium text-red-700">{partsError}</p> : null}
        <button
          type="button"
          className={buttonStyles('secondary', 'sm', 'self-start')}
          onClick={() => setRows((list) => [...list, { partNumber: '', quantity: 1 }])}
        >
          {diagramScreenTexts.addPart}
        </button>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonStyles('primary', 'md')} disabled={pending}>
          {pending ? diagramScreenTexts.saving : diagramScreenTexts.saveCallout}
        </button>
        <button
          type="button"
          className={buttonStyles('secondary', 'md')}
          onClick={onDelete}
          disabled={pending}
        >
          {diagramTexts.deleteCallout(callout.number)}
        </button>
      </div>
    </form>
  );
}
