import { useId, type ReactNode } from 'react';

/** The props a form control needs to be labelled and tied to its error text. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  /** The message shown under the control (catalogue texts, verbatim). */
  error?: string | undefined;
  hint?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A label, a control and its error underneath. The control is rendered by the caller (input,
 * select, file picker) with the ids this hands it, so screen readers read the error with it.
 */
export function FormField({ label, error, hint, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const fieldBase =
  'block min-h-11 w-full rounded-lg border border-slate-300 px-3.5 py-2.5 text-base shadow-sm placeholder:text-slate-500 focus:border-red-600 aria-[invalid=true]:border-red-600';

export const inputClass = `${fieldBase} bg-white text-slate-900`;

/** For an input the user may not change (a <select> matches :read-only too, so no variant). */
export const readOnlyInputClass = `${fieldBase} bg-slate-100 text-slate-700`;

export const fileInputClass =
  'block w-full rounded-lg border border-slate-300 bg-white text-sm text-slate-700 shadow-sm file:mr-4 file:min-h-11 file:cursor-pointer file:border-0 file:bg-slate-900 file:px-4 file:font-semibold file:text-white hover:file:bg-slate-800 aria-[invalid=true]:border-red-600';
