import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { isApiError } from '@/lib/api-client';
import { useCompletePayment } from '../api/complete-payment';
import { payErrorText } from '../utils/pay-error-text';
import { PaymentAlert } from './payment-ui';

interface Unrecorded {
  transactionId: string;
  message: string;
}

/**
 * The step after the provider confirmed a charge: PATCH /api/payment/:orderId records it. When
 * that fails the charge stands, so the card form gives way to "Finish payment", which records the
 * same transaction again without charging again.
 */
export function usePaymentRecorder(
  orderId: string,
  onRecorded: (transactionId: string) => void,
  /**
   * The shop refused to record it for good (409: the order was cancelled meanwhile and the charge
   * goes back): its words, for the page to show instead of the form.
   */
  onRefused: (message: string) => void,
) {
  const complete = useCompletePayment(orderId);
  const [unrecorded, setUnrecorded] = useState<Unrecorded | null>(null);

  async function record(transactionId: string): Promise<void> {
    try {
      await complete.mutateAsync(transactionId);
    } catch (recordError) {
      if (isApiError(recordError) && recordError.status === 409) {
        onRefused(payErrorText(recordError));
        return;
      }
      setUnrecorded({
        transactionId,
        message: `The payment (transaction id ${transactionId}) went through, but the shop could not record it yet. ${payErrorText(recordError)}`,
      });
      return;
    }
    setUnrecorded(null);
    onRecorded(transactionId);
  }

  return { record, unrecorded, recording: complete.isPending };
}

interface FinishPaymentProps extends Unrecorded {
  recording: boolean;
  onFinish: (transactionId: string) => Promise<void>;
}

/** Stands in for the card form while a confirmed charge is not recorded yet. */
export function FinishPayment({ transactionId, message, recording, onFinish }: FinishPaymentProps) {
  return (
    <div className="flex flex-col gap-4">
      <PaymentAlert>{message}</PaymentAlert>
      <button
        type="button"
        className={buttonStyles('primary', 'lg', 'w-full')}
        disabled={recording}
        onClick={() => void onFinish(transactionId)}
      >
        {recording ? 'Finishing…' : 'Finish payment'}
      </button>
    </div>
  );
}
