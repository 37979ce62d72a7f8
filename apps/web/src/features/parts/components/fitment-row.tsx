import {
  FITMENT_POSITIONS,
  POSITION_LABELS,
  VEHICLE_YEAR_MAX,
  VEHICLE_YEAR_MIN,
} from '@pitstop/core/vehicle-fit';
import { useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { numberValue, textOrNull, type PartFormApi, type PartFormValues } from './part-form-values';
import { RowField, RowInput } from './row-field';

type FitmentValues = NonNullable<PartFormValues['fitment']>[number];

interface FitmentRowProps {
  form: PartFormApi;
  index: number;
  /** The row as it was added or loaded, for the select to show on mount. */
  row: FitmentValues;
  onRemove: () => void;
}

/**
 * One bike a part fits: make, model, years, and how it fits (position, quantity, a note). A row
 * added after the form was submitted once stays quiet (issue #28): the form checks the whole list
 * when a row is added, but a field of the new row shows its error only once it has been left, or
 * the form is submitted again.
 */
export function FitmentRow({ form, index, row, onRemove }: FitmentRowProps) {
  const baseId = useId();
  const { errors, submitCount } = form.formState;
  const rowErrors = errors.fitment?.[index];
  // The submits before this row was made (its key is the row's own id: it mounts once).
  const [submitsBefore] = useState(submitCount);
  const n = index + 1;
  const idAndError = <K extends keyof FitmentValues>(name: K) => {
    const shown =
      submitCount > submitsBefore || form.getFieldState(`fitment.${index}.${name}`, form.formState).isTouched;
    return { id: `${baseId}-${name}`, error: shown ? rowErrors?.[name]?.message : undefined };
  };
  // The years the catalogue knows (the core's vehicle year limits), as the schema checks them.
  const year = {
    type: 'number',
    inputMode: 'numeric',
    min: VEHICLE_YEAR_MIN,
    max: VEHICLE_YEAR_MAX,
  } as const;

  return (
    // Two columns on a phone (position, quantity and note full width so their words fit), four
    // from sm: the bike and years first, then how it fits.
    <li className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-4">
      <RowInput
        {...idAndError('make')}
        label={`Make ${n}`}
        field={form.register(`fitment.${index}.make`)}
        type="text"
      />
      <RowInput
        {...idAndError('model')}
        label={`Model ${n}`}
        field={form.register(`fitment.${index}.model`)}
        type="text"
      />
      <RowInput
        {...idAndError('yearFrom')}
        label={`From year ${n}`}
        field={form.register(`fitment.${index}.yearFrom`, { setValueAs: numberValue })}
        {...year}
      />
      <RowInput
        {...idAndError('yearTo')}
        label={`To year ${n}`}
        field={form.register(`fitment.${index}.yearTo`, { setValueAs: numberValue })}
        {...year}
      />
      <RowField {...idAndError('position')} label={`Position ${n}`} className="col-span-2 sm:col-span-1">
        {(control) => (
          <select
            {...control}
            {...form.register(`fitment.${index}.position`, { setValueAs: textOrNull })}
            // The row's own value, as the Brand select does: the select shows it on mount.
            defaultValue={row.position ?? ''}
            className={inputClass}
          >
            <option value="">Any / not applicable</option>
            {FITMENT_POSITIONS.map((position) => (
              <option key={position} value={position}>
                {POSITION_LABELS[position]}
              </option>
            ))}
          </select>
        )}
      </RowField>
      <RowInput
        {...idAndError('quantity')}
        label={`Quantity per bike ${n}`}
        field={form.register(`fitment.${index}.quantity`, { setValueAs: numberValue })}
        type="number"
        inputMode="numeric"
        min={1}
        max={99}
        step={1}
        className="col-span-2 sm:col-span-1"
      />
      <RowInput
        {...idAndError('note')}
        label={`Note ${n}`}
        field={form.register(`fitment.${index}.note`, { setValueAs: textOrNull })}
        type="text"
        maxLength={200}
        placeholder="e.g. Not for ABS models"
        className="col-span-2"
      />
      <button
        type="button"
        aria-label={`Remove fitment row ${n}`}
        className={buttonStyles('ghost', 'md', 'col-span-2 text-red-700 sm:col-span-4 sm:justify-self-end')}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  );
}
