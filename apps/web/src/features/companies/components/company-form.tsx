import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type z } from 'zod';
import { AccountEmailSchema } from '@pitstop/core/accounts';
import {
  DeliveryAddressSchema,
  type DeliveryAddress,
  type DeliveryAddressInput,
} from '@pitstop/core/checkout';
import { CompanyInputSchema, type Company, type CompanyInput } from '@pitstop/core/companies';
import { companyTexts } from '@pitstop/core/companies-texts';
import { authErrorTexts } from '@pitstop/core/messages';
import { CheckboxField } from '@/components/ordering/card-fields';
import {
  DeliveryAddressFields,
  wholeAddressFields,
  type AddressField,
} from '@/components/ordering/delivery-address-fields';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';

const DetailsSchema = CompanyInputSchema.pick({ name: true, taxId: true }).extend({
  ownerEmail: AccountEmailSchema.optional(),
});
type Details = z.infer<typeof DetailsSchema>;
type DetailsInput = z.input<typeof DetailsSchema>;
const ADDRESS_FIELDS: readonly string[] = Object.keys(DeliveryAddressSchema.shape);

interface CompanyFormProps {
  /** The company being edited; null makes a new one. */
  company: Pick<Company, 'name' | 'taxId' | 'billingAddress' | 'poRequired'> | null;
  /** Admins make a company for a customer, named by email. */
  askOwner?: boolean;
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: CompanyInput & { ownerEmail?: string }) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * A company's name, tax id, billing address and PO rule, under the server's rules (core's schema);
 * the server's refusals show under their fields (`billingAddress.zip` under the ZIP).
 */
export function CompanyForm({
  company,
  askOwner = false,
  label,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: CompanyFormProps) {
  const details = useAppForm<DetailsInput, unknown, Details>({
    resolver: zodResolver(DetailsSchema),
    defaultValues: {
      name: company?.name ?? '',
      taxId: company?.taxId ?? '',
      ...(askOwner ? { ownerEmail: '' } : {}),
    },
  });
  const address = useAppForm<DeliveryAddressInput, unknown, DeliveryAddress>({
    resolver: zodResolver(DeliveryAddressSchema),
    defaultValues: {
      name: company?.billingAddress.name ?? '',
      street: company?.billingAddress.street ?? '',
      line2: company?.billingAddress.line2 ?? '',
      city: company?.billingAddress.city ?? '',
      state: company?.billingAddress.state ?? '',
      zip: company?.billingAddress.zip ?? '',
      phone: company?.billingAddress.phone ?? '',
    },
  });
  const [poRequired, setPoRequired] = useState(company?.poRequired ?? false);
  const [failed, setFailed] = useState<string | null>(null);

  const showServerErrors = (error: unknown) => {
    let shown = 0;
    if (isApiError(error) && error.status < 500) {
      for (const { field, message } of error.errors) {
        const sub = field.startsWith('billingAddress.') ? field.slice('billingAddress.'.length) : null;
        if (sub && ADDRESS_FIELDS.includes(sub)) {
          address.setError(sub as AddressField, { message }, { shouldFocus: shown++ === 0 });
        } else if (field === 'name' || field === 'taxId' || (askOwner && field === 'ownerEmail')) {
          details.setError(field, { message }, { shouldFocus: shown++ === 0 });
        }
      }
    }
    if (shown === 0) setFailed(problemText(error, authErrorTexts.generic));
  };

  const submit = details.handleSubmit(async (values) => {
    // Both parts are checked before anything is sent.
    await address.handleSubmit(async (billingAddress) => {
      setFailed(null);
      try {
        await onSubmit({
          name: values.name,
          taxId: values.taxId,
          billingAddress,
          poRequired,
          ...(askOwner && values.ownerEmail ? { ownerEmail: values.ownerEmail } : {}),
        });
      } catch (error) {
        showServerErrors(error);
      }
    })();
  });
  const errors = details.formState.errors;

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        // The address is checked too when the details are wrong, so every mistake shows at once.
        void address.trigger();
        void submit(event);
      }}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      {askOwner ? (
        <TextField
          label={companyTexts.adminOwnerEmail}
          error={errors.ownerEmail?.message}
          {...details.register('ownerEmail')}
          type="email"
          autoComplete="off"
        />
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={companyTexts.name}
          error={errors.name?.message}
          {...details.register('name')}
          type="text"
          autoComplete="organization"
        />
        <TextField
          label={companyTexts.taxId}
          error={errors.taxId?.message}
          {...details.register('taxId')}
          type="text"
          autoComplete="off"
        />
      </div>
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-2 text-lg font-semibold text-slate-900">{companyTexts.billingAddress}</legend>
        <DeliveryAddressFields
          {...wholeAddressFields(address, address.formState.defaultValues?.state ?? '')}
        />
      </fieldset>
      <CheckboxField label={companyTexts.poRequired} checked={poRequired} onChange={setPoRequired} />
      <ErrorNotice message={failed} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonStyles('primary', 'md')} disabled={pending}>
          {pending ? companyTexts.saving : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className={buttonStyles('ghost', 'md')} onClick={onCancel}>
            {companyTexts.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
