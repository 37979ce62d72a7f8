import { useId, type ReactNode } from 'react';
import { addressBookTexts, type AddressEntry } from '@pitstop/core/address-book';

/** The new-address choice's value (an entry's id is a uuid, never this). */
export const NEW_ADDRESS = 'new';

interface AddressChoiceProps {
  book: AddressEntry[];
  /** An entry's id, or NEW_ADDRESS. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * "Deliver to" (issue #28): the customer's saved addresses, the default first (and chosen at
 * first), and "A new address", which opens the checkout's address form.
 */
export function AddressChoice({ book, value, onChange }: AddressChoiceProps) {
  const name = useId();
  const option = (id: string, label: ReactNode) => (
    <label
      key={id}
      className={`flex cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 ${
        value === id ? 'border-red-700 bg-red-50/40' : 'border-slate-200'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={id}
        checked={value === id}
        onChange={() => onChange(id)}
        className="mt-1 size-5 shrink-0 cursor-pointer accent-red-700"
      />
      {label}
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold text-slate-900">{addressBookTexts.deliverTo}</legend>
      {book.map((entry) =>
        option(
          entry.id,
          <span className="flex min-w-0 flex-col">
            <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              {entry.name}
              {entry.isDefault ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                  {addressBookTexts.defaultBadge}
                </span>
              ) : null}
            </span>
            <span className="break-words text-slate-700">{addressBookTexts.oneLine(entry)}</span>
          </span>,
        ),
      )}
      {option(NEW_ADDRESS, <span className="font-medium text-slate-900">{addressBookTexts.useNew}</span>)}
    </fieldset>
  );
}
