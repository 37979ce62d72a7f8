import { PART_NUMBER_KINDS, partNumberTexts } from '@pitstop/core/part-number-texts';
import { useId, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { textOrNull, type PartFormApi, type PartFormValues } from './part-form-values';
import { RowField, RowInput } from './row-field';

const texts = partNumberTexts.editor;

type NumberValues = NonNullable<PartFormValues['numbers']>[number];

/** A new row: an OEM number, its manufacturer and number still to type. */
export const emptyNumberRow = (): NumberValues => ({ kind: 'oem', brand: null, number: '' });

interface NumberRowProps {
  form: PartFormApi;
  index: number;
  /** The id of the list of the shop's brands the brand field offers. */
  brandsListId: string;
  /** The row as it was added or loaded, for the select to show on mount. */
  row: NumberValues;
  onRemove: () => void;
}

/**
 * One of the part's other numbers: its kind, the manufacturer or brand, the number. Quiet until
 * touched, as the fitment rows are: a row added after a submit shows a field's error once the
 * field has been left, or the form is submitted again.
 */
function NumberRow({ form, index, brandsListId, row, onRemove }: NumberRowProps) {
  const baseId = useId();
  const { errors, submitCount } = form.formState;
  const rowErrors = errors.numbers?.[index];
  const [submitsBefore] = useState(submitCount);
  const n = index + 1;
  const idAndError = (name: keyof NumberValues) => {
    const shown =
      submitCount > submitsBefore || form.getFieldState(`numbers.${index}.${name}`, form.formState).isTouched;
    return { id: `${baseId}-${name}`, error: shown ? rowErrors?.[name]?.message : undefined };
  };

  return (
    // On a phone: the kind beside the brand, the number and Remove below, full width. From sm, one
    // line: kind, brand, number, Remove.
    <li className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-[9rem_1fr_1fr_auto] sm:items-start">
      <RowField {...idAndError('kind')} label={texts.kind(n)}>
        {(control) => (
          <select
            {...control}
            {...form.register(`numbers.${index}.kind`)}
            defaultValue={row.kind}
            className={inputClass}
          >
            {PART_NUMBER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {texts.kindLabels[kind]}
              </option>
            ))}
          </select>
        )}
      </RowField>
      <RowInput
        {...idAndError('brand')}
        label={texts.brand(n)}
        field={form.register(`numbers.${index}.brand`, { setValueAs: textOrNull })}
        type="text"
        maxLength={60}
        autoComplete="off"
        list={brandsListId}
        placeholder={texts.brandPlaceholder}
      />
      <RowInput
        {...idAndError('number')}
        label={texts.number(n)}
        field={form.register(`numbers.${index}.number`)}
        type="text"
        maxLength={60}
        autoComplete="off"
        spellCheck={false}
        placeholder={texts.numberPlaceholder}
        className="col-span-2 sm:col-span-1"
      />
      <button
        type="button"
        aria-label={texts.remove(n)}
        // Level with the inputs from sm (under their labels).
        className={buttonStyles('ghost', 'md', 'col-span-2 text-red-700 sm:col-span-1 sm:mt-5')}
        onClick={onRemove}
      >
        {texts.removeButton}
      </button>
    </li>
  );
}

/**
 * The part form's Numbers: OEM numbers, interchange numbers and the old numbers the part replaces,
 * rows added and removed. Checked by PartInputSchema (each row, a number listed twice, the part's
 * own number); the server also refuses a supersession loop, shown under that row's number.
 */
export function PartNumbersEditor({
  form,
  brands,
}: {
  form: PartFormApi;
  /** The shop's brands, offered as the maker or brand is typed (any other may be typed too). */
  brands: readonly { name: string }[];
}) {
  const hintId = useId();
  const brandsListId = `${hintId}-brands`;
  const numbers = useFieldArray({ control: form.control, name: 'numbers' });
  const addRef = useRef<HTMLButtonElement>(null);
  const listError = form.formState.errors.numbers;

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={hintId}>
      <legend className="mb-4 text-xl font-bold text-slate-900">{texts.legend}</legend>
      <p id={hintId} className="-mt-2 text-sm text-slate-600">
        {texts.hint}
      </p>
      {numbers.fields.length === 0 ? <p className="text-slate-600">{texts.none}</p> : null}
      <datalist id={brandsListId}>
        {brands.map((brand) => (
          <option key={brand.name} value={brand.name} />
        ))}
      </datalist>
      <ul className="flex flex-col gap-3">
        {numbers.fields.map((row, index) => (
          <NumberRow
            key={row.id}
            form={form}
            index={index}
            brandsListId={brandsListId}
            row={row}
            onRemove={() => {
              numbers.remove(index);
              // The row and its button are gone: keep the keyboard in the section.
              addRef.current?.focus();
            }}
          />
        ))}
      </ul>
      {/* The list as a whole (more than the most a part may list). */}
      {listError?.message ? <p className="text-sm font-medium text-red-700">{listError.message}</p> : null}
      {listError?.root?.message ? (
        <p className="text-sm font-medium text-red-700">{listError.root.message}</p>
      ) : null}
      <button
        ref={addRef}
        type="button"
        className={buttonStyles('secondary', 'md', 'self-start')}
        // The new row's kind has the keyboard (react-hook-form would pick its first text field).
        onClick={() =>
          numbers.append(emptyNumberRow(), { focusName: `numbers.${numbers.fields.length}.kind` })
        }
      >
        {texts.add}
      </button>
    </fieldset>
  );
}
