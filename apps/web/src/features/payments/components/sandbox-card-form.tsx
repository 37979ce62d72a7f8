import { zodResolver } from '@hookform/resolvers/zod';
import { SandboxCardSchema, type SandboxCardInput } from '@pitstop/core/payments';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import { useState } from 'react';
import { CardFields, CheckboxField, isCardField, type CardField } from '@/components/ordering/card-fields';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { confirmSandboxPayment } from '../api/confirm-sandbox-payment';
import { payErrorText } from '../utils/pay-error-text';
import { PayButton, PaymentAlert } from './payment-ui';
import { FinishPayment, usePaymentRecorder } from './record-payment';

const cardResolver = zodResolver(SandboxCardSchema);

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
  // Not a form field: a tick is no card data, and it survives a declined card's retry.
  const [saveCard, setSaveCard] = useState(false);
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
          ({ transactionId } = await confirmSandboxPayment(saveCard ? { ...card, saveCard } : card));
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
      <CardFields control={form.control} errors={errors} />
      <CheckboxField
        label={savedCardTexts.saveThisCard}
        checked={saveCard}
        onChange={setSaveCard}
        disabled={isSubmitting}
      />
      {error ? <PaymentAlert>{error}</PaymentAlert> : null}
      <PayButton ready={Boolean(clientSecret)} paying={isSubmitting} />
    </form>
  );
}
