import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { FitmentRow } from './fitment-row';
import { emptyFitmentRow, type PartFormApi } from './part-form-values';

/** The part form's Fitment: whether it fits any bike, and the rows of bikes it is listed for. */
export function PartFitment({ form }: { form: PartFormApi }) {
  const baseId = useId();
  const fitment = useFieldArray({ control: form.control, name: 'fitment' });
  const { errors } = form.formState;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-4 text-xl font-bold text-slate-900">Fitment</legend>
      <div className="flex flex-col gap-1">
        <div className="flex items-start gap-3">
          <input
            {...form.register('universal')}
            id={`${baseId}-universal`}
            type="checkbox"
            aria-invalid={Boolean(errors.universal)}
            aria-describedby={[
              errors.universal ? `${baseId}-universal-error` : '',
              `${baseId}-universal-hint`,
            ]
              .filter(Boolean)
              .join(' ')}
            className="mt-0.5 size-5 shrink-0 accent-red-700"
          />
          <label htmlFor={`${baseId}-universal`} className="text-sm font-semibold text-slate-800">
            Universal (fits any bike)
          </label>
        </div>
        <p id={`${baseId}-universal-hint`} className="text-sm text-slate-600">
          Shown for every bike in the catalogue. Rows below still say where it goes on a listed bike.
        </p>
        {errors.universal?.message ? (
          <p id={`${baseId}-universal-error`} className="text-sm font-medium text-red-700">
            {errors.universal.message}
          </p>
        ) : null}
      </div>
      {fitment.fields.length === 0 ? <p className="text-slate-600">No fitment rows yet.</p> : null}
      <ul className="flex flex-col gap-3">
        {fitment.fields.map((row, index) => (
          <FitmentRow
            key={row.id}
            form={form}
            index={index}
            row={row}
            onRemove={() => fitment.remove(index)}
          />
        ))}
      </ul>
      {errors.fitment?.message ? (
        <p className="text-sm font-medium text-red-700">{errors.fitment.message}</p>
      ) : null}
      <button
        type="button"
        className={buttonStyles('secondary', 'md', 'self-start')}
        onClick={() => fitment.append(emptyFitmentRow())}
      >
        Add fitment
      </button>
    </fieldset>
  );
}
