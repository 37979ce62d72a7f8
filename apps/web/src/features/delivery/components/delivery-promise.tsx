import { useQuery } from '@tanstack/react-query';
import { DELIVERY_STATES, STATES_NOT_SERVED } from '@pitstop/core/delivery-area';
import { deliveryPromise } from '@pitstop/core/delivery-promise';
import { deliveryTexts } from '@pitstop/core/delivery-texts';
import { stateOfZip } from '@pitstop/core/zip-state';
import { getSavedAddressQueryOptions } from '@/lib/saved-address';
import { useIsSignedIn } from '@/lib/session';
import { useDeliverySettings } from '../api/get-delivery-settings';
import { useNow } from '../hooks/use-now';
import { useDeliveryZip } from '../stores/delivery-zip';
import { DeliverToZip } from './deliver-to-zip';

const placeName = (state: string): string =>
  (DELIVERY_STATES as Record<string, string>)[state] ??
  (STATES_NOT_SERVED as Record<string, string>)[state] ??
  state;

interface DeliveryPromiseProps {
  /** Everything to be ordered is in stock: otherwise no promise is shown at all. */
  inStock: boolean;
  /** The destination's state when the screen knows it; else the saved address's, else the ZIP's. */
  state?: string | null;
  className?: string;
}

/**
 * "Order within 3 h 12 min — arrives Tue, Dec 1" (issue #28), for the customer's saved address or
 * the ZIP a visitor entered, computed here from the shop's settings on the server's clock. The
 * countdown appears once mounted (useNow): the server's page carries no time that the browser's
 * first render would contradict.
 */
export function DeliveryPromise({ inStock, state: given, className = '' }: DeliveryPromiseProps) {
  const settings = useDeliverySettings();
  const signedIn = useIsSignedIn();
  const saved = useQuery({ ...getSavedAddressQueryOptions(), enabled: inStock && signedIn && !given });
  const zip = useDeliveryZip();
  const now = useNow();
  if (!inStock) return null;

  const addressState = given ?? saved.data?.address?.state ?? null;
  const zipState = zip ? stateOfZip(zip) : null;
  const state = addressState ?? zipState;
  const promise =
    now !== null && settings.data && state
      ? deliveryPromise({
          now: new Date(now + settings.data.clockOffsetMs),
          settings: settings.data.settings,
          state,
          inStock,
        })
      : null;
  const outside = state && !Object.hasOwn(DELIVERY_STATES, state) ? placeName(state) : null;

  return (
    <div
      className={`flex flex-col gap-1.5 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 ${className}`}
    >
      <p className="font-semibold text-emerald-900">
        {promise
          ? deliveryTexts.promise(promise)
          : outside
            ? deliveryTexts.zipOutsideArea(outside)
            : deliveryTexts.freeDelivery}
      </p>
      {addressState ? null : (
        <DeliverToZip zip={zip} label={zip && zipState ? deliveryTexts.deliverTo(zip, zipState) : null} />
      )}
    </div>
  );
}
