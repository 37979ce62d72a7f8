import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { buttonStyles } from '@/components/ui/button-styles';
import type { PartFormApi } from './part-form-values';
import { RowInput } from './row-field';

/** The part form's Specifications: key and value rows (compound: sintered), added and removed. */
export function PartSpecifications({ form }: { form: PartFormApi }) {
  const baseId = useId();
  const specs = useFieldArray({ control: form.control, name: 'specifications' });
  const { errors } = form.formState;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-4 text-xl font-bold text-slate-900">Specifications</legend>
      {specs.fields.length === 0 ? <p className="text-slate-600">No specifications yet.</p> : null}
      <ul className="flex flex-col gap-3">
        {specs.fields.map((row, index) => {
          const rowErrors = errors.specifications?.[index];
          const n = index + 1;
          return (
            <li
              key={row.id}
              className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-end"
            >
              <RowInput
                id={`${baseId}-${index}-key`}
                label={`Spec key ${n}`}
                error={rowErrors?.key?.message}
                field={form.register(`specifications.${index}.key`)}
                type="text"
                placeholder="e.g. Compound"
              />
              <RowInput
                id={`${baseId}-${index}-value`}
                label={`Spec value ${n}`}
                error={rowErrors?.value?.message}
                field={form.register(`specifications.${index}.value`)}
                type="text"
                placeholder="e.g. Semi-metallic"
              />
              <button
                type="button"
                aria-label={`Remove specification row ${n}`}
                className={buttonStyles('ghost', 'md', 'text-red-700')}
                onClick={() => specs.remove(index)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      {errors.specifications?.message ? (
        <p className="text-sm font-medium text-red-700">{errors.specifications.message}</p>
      ) : null}
      <button
        type="button"
        className={buttonStyles('secondary', 'md', 'self-start')}
        onClick={() => specs.append({ key: '', value: '' })}
      >
        Add specification
      </button>
    </fieldset>
  );
}
