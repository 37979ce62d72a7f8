import { useId, useRef, useState } from 'react';
import { addressBookTexts, ADDRESS_BOOK_MAX, type AddressEntry } from '@pitstop/core/address-book';
import { authErrorTexts } from '@pitstop/core/messages';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useAddressBook } from '@/lib/address-book';
import { problemText } from '@/lib/error-text';
import { useRemoveAddress } from '../api/remove-address';
import { useSaveAddress } from '../api/save-address';
import { AddressForm } from './address-form';

const sectionClass = 'flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8';

/** An address as a block: who, where, and the number the courier calls. */
export function AddressLines({ entry }: { entry: AddressEntry }) {
  return (
    <address className="flex flex-col not-italic text-slate-700">
      <span className="font-semibold text-slate-900">{entry.name}</span>
      <span>{entry.line2 ? `${entry.street}, ${entry.line2}` : entry.street}</span>
      <span>
        {entry.city}, {entry.state} {entry.zip}
      </span>
      <span>{entry.phone}</span>
    </address>
  );
}

interface RowProps {
  entry: AddressEntry;
  onEdit: () => void;
  onSaid: (message: string | null, failed?: boolean) => void;
}

function AddressRow({ entry, onEdit, onSaid }: RowProps) {
  const remove = useRemoveAddress();
  const save = useSaveAddress();
  const { id, isDefault, ...address } = entry;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3">
      <div className="flex flex-col gap-1">
        {isDefault ? (
          <span className="self-start rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-900">
            {addressBookTexts.defaultBadge}
          </span>
        ) : null}
        <AddressLines entry={entry} />
      </div>
      <div className="flex flex-wrap gap-2">
        {isDefault ? null : (
          <button
            type="button"
            className={buttonStyles('secondary', 'md')}
            aria-label={addressBookTexts.makeDefaultName(entry.street)}
            disabled={save.isPending}
            onClick={() =>
              save.mutate(
                { id, input: { ...address, isDefault: true } },
                {
                  onSuccess: () => onSaid(addressBookTexts.saved),
                  onError: (error) => onSaid(problemText(error, authErrorTexts.generic), true),
                },
              )
            }
          >
            {save.isPending ? addressBookTexts.makingDefault : addressBookTexts.makeDefault}
          </button>
        )}
        <button
          type="button"
          className={buttonStyles('ghost', 'md')}
          aria-label={addressBookTexts.editName(entry.street)}
          onClick={onEdit}
        >
          {addressBookTexts.edit}
        </button>
        <button
          type="button"
          className={buttonStyles('ghost', 'md', 'text-red-700')}
          aria-label={addressBookTexts.removeName(entry.street)}
          disabled={remove.isPending}
          onClick={() => {
            if (!window.confirm(addressBookTexts.confirmRemove)) return;
            // Said by the section: this row is gone once the removal succeeds, and a removed
            // row's own mutate callbacks would never run.
            remove.mutateAsync(id).then(
              () => onSaid(addressBookTexts.removed),
              (error: unknown) => onSaid(problemText(error, authErrorTexts.generic), true),
            );
          }}
        >
          {remove.isPending ? addressBookTexts.removing : addressBookTexts.remove}
        </button>
      </div>
    </li>
  );
}

/**
 * The profile's address book (issue #28): each address with its Default badge, Edit, Remove
 * (after a confirm) and Make default, and Add an address. The checkout offers the same list.
 */
export function AddressBookSection() {
  const headingId = useId();
  const book = useAddressBook();
  /** The form open: 'new', an entry's id, or none. */
  const [editing, setEditing] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button pressed or the form is gone once done (a removed row, a default's own button, a
  // closed form): the keyboard goes on from the section's heading rather than from the page's top.
  const backToHeading = () => headingRef.current?.focus();
  const tell = (message: string | null, isFailure = false) => {
    setSaid(isFailure ? null : message);
    setFailed(isFailure ? message : null);
    if (message) backToHeading();
  };
  const closed = (message: string) => {
    setEditing(null);
    tell(message);
  };
  const cancelled = () => {
    setEditing(null);
    backToHeading();
  };

  let body;
  if (!book.data) {
    body = book.isPending ? (
      <Spinner label={addressBookTexts.loading} className="justify-start py-4" />
    ) : (
      <QueryError onRetry={() => void book.refetch()} retrying={book.isFetching} />
    );
  } else {
    const entries = book.data.addresses;
    body = (
      <>
        {entries.length === 0 ? (
          <p className="text-slate-600">{addressBookTexts.empty}</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-labelledby={headingId}>
            {entries.map((entry) =>
              editing === entry.id ? (
                <li key={entry.id}>
                  <AddressForm
                    entry={entry}
                    offerDefault={!entry.isDefault}
                    onSaved={closed}
                    onCancel={cancelled}
                  />
                </li>
              ) : (
                <AddressRow
                  key={entry.id}
                  entry={entry}
                  onEdit={() => {
                    tell(null);
                    setEditing(entry.id);
                  }}
                  onSaid={tell}
                />
              ),
            )}
          </ul>
        )}
        {editing === 'new' ? (
          <AddressForm entry={null} offerDefault={entries.length > 0} onSaved={closed} onCancel={cancelled} />
        ) : entries.length >= ADDRESS_BOOK_MAX ? (
          <p className="text-slate-600">{addressBookTexts.full}</p>
        ) : (
          <button
            type="button"
            className={buttonStyles('secondary', 'md', 'self-start')}
            onClick={() => {
              tell(null);
              setEditing('new');
            }}
          >
            {addressBookTexts.add}
          </button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 outline-none"
      >
        {addressBookTexts.heading}
      </h2>
      <p role="status" className={said ? 'font-medium text-green-800' : 'sr-only'}>
        {said ?? ''}
      </p>
      <ErrorNotice message={failed} />
      {body}
    </section>
  );
}
