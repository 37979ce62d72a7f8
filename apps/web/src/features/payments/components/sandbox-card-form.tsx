import { zodResolver } from '@hookform/resolvers/zod';
import { authErrorTexts } from '@pitstop/core/messages';
import { SandboxCardSchema, type SandboxCardInput } from '@pitstop/core/payments';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { useCompletePayment } from '../api/complete-payment';

const cardResolver = zodResolver(SandboxCardSchema);

type CardField = 'number' | 'expiry' | 'cvc';
const CARD_FIELDS: readonly string[] = ['number', 'expiry', 'cvc'] satisfies CardField[];

function isCardField(field: string): field is CardField {
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

const FORMATTERS: Record<CardField, (value: string) => string> = {
  number: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
};

/** The card error as the provider words it (spec §8: 'Payment errors show the provider's message'). */
function payErrorText(error: unknown): string {
  if (isApiError(error) && error.isNetworkError) return authErrorTexts.network;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.message;
  }
  return 'The payment could not be completed. Please try again.';
}

interface SandboxCardFormProps {
  orderId: string;
  /** Undefined until the payment intent has been created; Pay stays disabled until then. */
  clientSecret: string | undefined;
  onPaid: (transactionId: string) => void;
}

/**
 * The offline sandbox's card form (DESIGN §5). Card data lives only in this form's state: it is
 * sent once to the sandbox and cleared after a payment, never stored, cached or logged.
 */
export function SandboxCardForm({ orderId, clientSecret, onPaid }: SandboxCardFormProps) {
  const form = useForm({
    // The client secret is no field anyone types: it joins the values when they are checked.
    resolver: (values: SandboxCardInput, context, options) =>
      cardResolver({ ...values, clientSecret: clientSecret ?? '' }, context, options),
    defaultValues: { clientSecret: '', number: '', expiry: '', cvc: '' },
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const complete = useCompletePayment(orderId);
  const [error, setError] = useState<string | null>(null);
  // A charge the sandbox confirmed but the shop could not record yet: finish it without charging again.
  const [unrecorded, setUnrecorded] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  async function record(transactionId: string) {
    try {
      await complete.mutateAsync(transactionId);
    } catch (recordError) {
      setUnrecorded(transactionId);
      setError(
        `The payment (transaction id ${transactionId}) went through, but the shop could not record it yet. ${payErrorText(recordError)}`,
      );
      return;
    }
    setUnrecorded(null);
    setError(null);
    form.reset();
    onPaid(transactionId);
  }

  if (unrecorded) {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
        <button
          type="button"
          className={buttonStyles('primary', 'lg', 'w-full')}
          disabled={complete.isPending}
          onClick={() => void record(unrecorded)}
        >
          {complete.isPending ? 'Finishing…' : 'Finish payment'}
        </button>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="Card details"
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit(async (card) => {
        setError(null);
        let transactionId: string;
        try {
          ({ transactionId } = await confirmSandboxPayment(card));
        } catch (payError) {
          // A decline (402) is the provider's message for the whole payment, shown in red above
          // Pay; only a 400's field errors go under the fields.
          const fieldErrors =
            isApiError(payError) && payError.status === 400
              ? payError.errors.filter((e): e is { field: CardField; message: string } =>
                  isCardField(e.field),
                )
              : [];
          for (const { field, message } of fieldErrors) form.setError(field, { message });
          if (fieldErrors.length === 0) setError(payErrorText(payError));
          return;
        }
        await record(transactionId);
      })}
    >
      <FormField label="Card number" error={errors.number?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="number"
            render={({ field }) => (
              <input
                {...control}
                {...field}
                onChange={(event) => field.onChange(FORMATTERS.number(event.target.value))}
                type="text"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="4242 4242 4242 4242"
                className={`${inputClass} font-mono tracking-wide`}
              />
            )}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry (MM/YY)" error={errors.expiry?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="expiry"
              render={({ field }) => (
                <input
                  {...control}
                  {...field}
                  onChange={(event) => field.onChange(FORMATTERS.expiry(event.target.value))}
                  type="text"
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                  className={`${inputClass} font-mono`}
                />
              )}
            />
          )}
        </FormField>
        <FormField label="CVC" error={errors.cvc?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="cvc"
              render={({ field }) => (
                <input
                  {...control}
                  {...field}
                  onChange={(event) => field.onChange(FORMATTERS.cvc(event.target.value))}
                  type="text"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  className={`${inputClass} font-mono`}
                />
              )}
            />
          )}
        </FormField>
      </div>
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className={buttonStyles('primary', 'lg', 'w-full')}
        disabled={!clientSecret || isSubmitting}
      >
        {isSubmitting ? 'Paying…' : 'Pay'}
      </button>
      {clientSecret ? null : (
        <p role="status" className="text-center text-sm text-slate-600">
          Getting the payment ready…
        </p>
      )}
    </form>
  );
}
