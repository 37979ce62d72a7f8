import type { Order } from '@pitstop/core/orders';
import { shipmentTexts } from '@pitstop/core/shipment-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { problemText } from '@/lib/error-text';
import { useMarkDelivered } from '../api/mark-delivered';

interface MarkDeliveredButtonProps {
  order: Pick<Order, 'orderNumber'>;
  onDelivered: (order: Order) => Promise<unknown> | void;
}

/** "Mark delivered" for a shipped order (admins); a refusal is read out where the button is. */
export function MarkDeliveredButton({ order, onDelivered }: MarkDeliveredButtonProps) {
  const delivered = useMarkDelivered({ onDelivered });
  return (
    <div className="flex flex-col items-start gap-3">
      <button
        type="button"
        className={buttonStyles('primary', 'md')}
        disabled={delivered.isPending}
        onClick={() => delivered.mutate(order.orderNumber)}
      >
        {delivered.isPending ? shipmentTexts.markingDelivered : shipmentTexts.markDelivered}
      </button>
      <ErrorNotice
        message={
          delivered.isError
            ? `${shipmentTexts.deliverFailed} ${problemText(delivered.error, shipmentTexts.tryAgain)}`
            : null
        }
      />
    </div>
  );
}
