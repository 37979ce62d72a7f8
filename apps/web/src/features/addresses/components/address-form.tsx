import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { addressBookTexts, type AddressEntry } from '@pitstop/core/address-book';
import {
  DeliveryAddressSchema,
  type DeliveryAddress,
  type DeliveryAddressInput,
} from '@pitstop/core/checkout';
import { authErrorTexts } from '@pitstop/core/messages';
import { CheckboxField } from '@/components/ordering/card-fields';
import {
  DeliveryAddressFields,
  wholeAddressFields,
  type AddressField,
} from '@/components/ordering/delivery-address-fields';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useSaveAddress } from '../api/save-address';

const ADDRESS_FIELDS: readonly string[] = Object.keys(DeliveryAddressSchema.shape);
const isAddressField = (field: string): field is AddressField => ADDRESS_FIELDS.includes(field);
const resolver = zodResolver(DeliveryAddressSchema);

interface AddressFormProps {
  /** The entry being edited; null adds a new one. */
  entry: AddressEntry | null;
  /** Whether "Use as my default address" is offered (not for the default itself, nor a first address). */
  offerDefault: boolean;
  onSaved: (message: string) => void;
  onCancel: () => void;
}

/**
 * Add or edit an address in the profile's book: the checkout's address fields under the same
 * rules (48 states + DC, ZIP, phone, line 2), and whether it becomes the default. The server's
 * refusals are shown under their fields.
 */
export function AddressForm({ entry, offerDefault, onSaved, onCancel }: AddressFormProps) {
  const save = useSaveAddress();
  const [makeDefault, setMakeDefault] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const form = useAppForm<DeliveryAddressInput, unknown, DeliveryAddress>({
    resolver,
    defaultValues: {
      name: entry?.name ?? '',
      street: entry?.street ?? '',
      line2: entry?.line2 ?? '',
      city: entry?.city ?? '',
      state: entry?.state ?? '',
      zip: entry?.zip ?? '',
      phone: entry?.phone ?? '',
    },
  });
  // Opened by Add or Edit: the first field takes the focus, so a keyboard goes straight on.
  useEffect(() => form.setFocus('name'), [form]);

  const onSubmit = form.handleSubmit((address) => {
    setFailed(null);
    save.mutate(
      { id: entry?.id ?? null, input: { ...address, ...(makeDefault ? { isDefault: true } : {}) } },
      {
        onSuccess: () => onSaved(addressBookTexts.saved),
        onError: (error) => {
          const onFields =
            isApiError(error) && error.status === 400
              ? error.errors.filter((e) => isAddressField(e.field))
              : [];
          onFields.forEach(({ field, message }, index) =>
            form.setError(field as AddressField, { message }, { shouldFocus: index === 0 }),
          );
          if (onFields.length === 0) setFailed(problemText(error, authErrorTexts.generic));
        },
      },
    );
  });

  return (
    <form
      noValidate
      aria-label={entry ? addressBookTexts.editHeading : addressBookTexts.addHeading}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <h3 className="text-lg font-semibold text-slate-900">
        {entry ? addressBookTexts.editHeading : addressBookTexts.addHeading}
      </h3>
      <DeliveryAddressFields {...wholeAddressFields(form, form.formState.defaultValues?.state ?? '')} />
      {offerDefault ? (
        <CheckboxField
          label={addressBookTexts.defaultCheckbox}
          checked={makeDefault}
          onChange={setMakeDefault}
        />
      ) : null}
      <ErrorNotice message={failed} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonStyles('primary', 'md')} disabled={save.isPending}>
          {save.isPending ? addressBookTexts.saving : addressBookTexts.save}
        </button>
        <button type="button" className={buttonStyles('ghost', 'md')} onClick={onCancel}>
          {addressBookTexts.cancel}
        </button>
      </div>
    </form>
  );
}
