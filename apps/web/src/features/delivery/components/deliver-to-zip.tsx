import { useId, useState, type FormEvent } from 'react';
import { deliveryTexts } from '@pitstop/core/delivery-texts';
import { isZipCode, stateOfZip } from '@pitstop/core/zip-state';
import { inputClass } from '@/components/ui/form-field';
import { buttonStyles } from '@/components/ui/button-styles';
import { rememberDeliveryZip } from '../stores/delivery-zip';

/** Why a typed ZIP code is refused, or null when it names a state. */
export function zipProblem(text: string): string | null {
  const zip = text.trim();
  if (!isZipCode(zip)) return deliveryTexts.zipInvalid;
  return stateOfZip(zip) ? null : deliveryTexts.zipUnknown;
}

/**
 * "Deliver to ZIP": a visitor (or a customer without an address yet) types a ZIP code to see when
 * a part would arrive there. Checked here (five digits, a ZIP in use); kept in this browser only.
 */
export function DeliverToZip({ zip, label }: { zip: string | null; label: string | null }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(zip ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = zipProblem(text);
    setError(problem);
    if (problem) return;
    rememberDeliveryZip(text.trim().slice(0, 5));
    setOpen(false);
  };

  if (!open) {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        {zip && label ? <span>{label}</span> : null}
        <button
          type="button"
          className="font-semibold text-red-800 underline underline-offset-2 hover:text-red-900"
          aria-expanded={false}
          onClick={() => {
            setText(zip ?? '');
            setError(null);
            setOpen(true);
          }}
        >
          {zip ? deliveryTexts.zipChange : deliveryTexts.deliverToZip}
        </button>
      </p>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-1.5"
      aria-label={deliveryTexts.deliverToZip}
    >
      <label htmlFor={`${id}-zip`} className="text-sm font-semibold text-slate-800">
        {deliveryTexts.zipLabel}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-zip`}
          // Focus moves here when the control opens: it is what the button asked for.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} max-w-40`}
        />
        <button type="submit" className={buttonStyles('secondary', 'md')}>
          {deliveryTexts.zipSubmit}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
