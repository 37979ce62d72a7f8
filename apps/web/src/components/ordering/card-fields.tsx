import { useId } from 'react';
import { Controller, type Control, type FieldErrors, type FieldPath } from 'react-hook-form';
import { FormField, inputClass } from '@/components/ui/form-field';

/** What a card form types (the sandbox's test form, on the payment page and the profile). */
export interface CardFieldValues {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardFieldValues;
const CARD_FIELDS: readonly string[] = ['number', 'expiry', 'cvc'] satisfies CardField[];

export function isCardField(field: string): field is CardField {
  return CARD_FIELDS.includes(field);
}

/** Digits only, in groups of four as printed on the card: "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" → "12/28"; the slash comes by itself, and deleting past it never gets stuck. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

const FIELDS: Record<
  CardField,
  {
    label: string;
    format: (value: string) => string;
    autoComplete: string;
    placeholder: string;
    font: string;
  }
> = {
  number: {
    label: 'Card number',
    format: formatCardNumber,
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
    font: 'font-mono tracking-wide',
  },
  expiry: {
    label: 'Expiry (MM/YY)',
    format: formatExpiry,
    autoComplete: 'cc-exp',
    placeholder: 'MM/YY',
    font: 'font-mono',
  },
  cvc: { label: 'CVC', format: formatCvc, autoComplete: 'cc-csc', placeholder: '123', font: 'font-mono' },
};

interface CardFieldsProps<T extends CardFieldValues> {
  control: Control<T>;
  errors: FieldErrors<T>;
}

/**
 * The sandbox's card number, expiry and CVC, each formatted as it is typed. Shared by the payment
 * page's card form and the profile's "Add a card" (both features' forms, one set of fields).
 */
export function CardFields<T extends CardFieldValues>({ control, errors }: CardFieldsProps<T>) {
  const field = (name: CardField) => {
    const spec = FIELDS[name];
    return (
      <FormField label={spec.label} error={errors[name]?.message as string | undefined}>
        {(aria) => (
          <Controller
            control={control}
            // The generic form holds these three fields (CardFieldValues), whatever else it has.
            name={name as FieldPath<T>}
            render={({ field: input }) => (
              <input
                {...aria}
                {...input}
                value={input.value as string}
                onChange={(event) => input.onChange(spec.format(event.target.value))}
                type="text"
                inputMode="numeric"
                autoComplete={spec.autoComplete}
                placeholder={spec.placeholder}
                className={`${inputClass} ${spec.font}`}
              />
            )}
          />
        )}
      </FormField>
    );
  };
  return (
    <>
      {field('number')}
      <div className="grid grid-cols-2 gap-4">
        {field('expiry')}
        {field('cvc')}
      </div>
    </>
  );
}

/** "Save this card for next time" and its like: a checkbox with its label beside it, a hint below. */
export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 shrink-0 cursor-pointer accent-red-700"
        />
        <label htmlFor={id} className="cursor-pointer font-medium text-slate-800">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="pl-8 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
