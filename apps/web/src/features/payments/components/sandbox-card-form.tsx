import { zodResolver } from '@hookform/resolvers/zod';
import { SandboxCardSchema, type SandboxCardInput } from '@pitstop/core/payments';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormField, inputClass } from '@/components/ui/form-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { payErrorText } from '../utils/pay-error-text';
import { PayButton, PaymentAlert } from './payment-ui';
import { FinishPayment, usePaymentRecorder } from './record-payment';

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

interface SandboxCardFormProps {
  orderId: string;
  /** Undefined until the payment intent has been created; Pay stays disabled until then. */
  clientSecret: string | undefined;
  onPaid: (transactionId: string) => void;
  onRefused: (message: string) => void;
}

/**
 * The offline sandbox's card form (DESIGN §5). Card data lives only in this form's state: it is
 * sent once to the sandbox and cleared after a payment, never stored, cached or logged.
 */
export function SandboxCardForm({ orderId, clientSecret, onPaid, onRefused }: SandboxCardFormProps) {
  const form = useAppForm({
    // The client secret is no field anyone types: it joins the values when they are checked.
    resolver: (values: SandboxCardInput, context, options) =>
      cardResolver({ ...values, clientSecret: clientSecret ?? '' }, context, options),
    defaultValues: { clientSecret: '', number: '', expiry: '', cvc: '' },
  });
  const recorder = usePaymentRecorder(
    orderId,
    (transactionId) => {
      form.reset();
      onPaid(transactionId);
    },
    onRefused,
  );
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  if (recorder.unrecorded) {
    return (
      <FinishPayment {...recorder.unrecorded} recording={recorder.recording} onFinish={recorder.record} />
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
        await recorder.record(transactionId);
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
      {error ? <PaymentAlert>{error}</PaymentAlert> : null}
      <PayButton ready={Boolean(clientSecret)} paying={isSubmitting} />
    </form>
  );
}
