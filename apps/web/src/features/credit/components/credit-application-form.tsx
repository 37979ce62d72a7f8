import { zodResolver } from '@hookform/resolvers/zod';
import { creditPageTexts } from '@pitstop/core/credit-texts';
import {
  CreditApplicationInputSchema,
  type CreditApplicationFormValues,
  type CreditApplicationInput,
} from '@pitstop/core/credit';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useApplyForCredit } from '../api/apply-for-credit';

type FieldName = keyof CreditApplicationInput;
const FIELDS: readonly string[] = Object.keys(CreditApplicationInputSchema.shape);

interface CreditApplicationFormProps {
  /** The signed-in customer's email, offered as where the answer goes. */
  email: string;
  onSubmitted: () => void;
}

/**
 * The credit application (issue #10): the same rules as the server (core's schema), so most
 * mistakes show before sending; anything the server still refuses shows under its field.
 */
export function CreditApplicationForm({ email, onSubmitted }: CreditApplicationFormProps) {
  const form = useAppForm<CreditApplicationFormValues, unknown, CreditApplicationInput>({
    resolver: zodResolver(CreditApplicationInputSchema),
    defaultValues: {
      businessName: '',
      contactName: '',
      email,
      phone: '',
      ein: '',
      yearsInBusiness: '',
      requestedLimit: '',
    },
  });
  const apply = useApplyForCredit();
  const { errors } = form.formState;
  const fieldErrors = isApiError(apply.error)
    ? apply.error.errors.filter(({ field }) => FIELDS.includes(field))
    : [];
  const generalError =
    apply.isError && fieldErrors.length === 0 ? problemText(apply.error, creditPageTexts.submitFailed) : null;

  const onSubmit = form.handleSubmit((values) =>
    apply.mutate(values, {
      onSuccess: onSubmitted,
      onError: (error) => {
        if (!isApiError(error)) return;
        error.errors.forEach(({ field, message }, index) => {
          if (FIELDS.includes(field)) {
            form.setError(field as FieldName, { message }, { shouldFocus: index === 0 });
          }
        });
      },
    }),
  );

  return (
    <form
      noValidate
      aria-label={creditPageTexts.heading}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <TextField
        label={creditPageTexts.businessName}
        error={errors.businessName?.message}
        {...form.register('businessName')}
        type="text"
        autoComplete="organization"
      />
      <TextField
        label={creditPageTexts.contactName}
        error={errors.contactName?.message}
        {...form.register('contactName')}
        type="text"
        autoComplete="name"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={creditPageTexts.email}
          hint={creditPageTexts.emailHint}
          error={errors.email?.message}
          {...form.register('email')}
          type="email"
          autoComplete="email"
        />
        <TextField
          label={creditPageTexts.phone}
          error={errors.phone?.message}
          {...form.register('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
        />
      </div>
      <TextField
        label={creditPageTexts.ein}
        hint={creditPageTexts.einHint}
        error={errors.ein?.message}
        {...form.register('ein')}
        type="text"
        inputMode="numeric"
        autoComplete="off"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={creditPageTexts.yearsInBusiness}
          error={errors.yearsInBusiness?.message}
          {...form.register('yearsInBusiness')}
          type="text"
          inputMode="numeric"
        />
        <TextField
          label={creditPageTexts.requestedLimit}
          hint={creditPageTexts.requestedLimitHint}
          error={errors.requestedLimit?.message}
          {...form.register('requestedLimit')}
          type="text"
          inputMode="numeric"
        />
      </div>
      {generalError ? (
        <p role="alert" className="font-medium text-red-700">
          {generalError}
        </p>
      ) : null}
      <div>
        <button type="submit" className={buttonStyles('primary', 'lg')} disabled={apply.isPending}>
          {apply.isPending ? creditPageTexts.submitting : creditPageTexts.submit}
        </button>
      </div>
    </form>
  );
}
