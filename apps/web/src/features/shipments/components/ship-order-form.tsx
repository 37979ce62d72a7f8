import { zodResolver } from '@hookform/resolvers/zod';
import type { Order } from '@pitstop/core/orders';
import { shipmentTexts, TRACKING_FORMATS } from '@pitstop/core/shipment-texts';
import {
  CARRIER_NAMES,
  CARRIERS,
  shipFormSchema,
  shipQuantity,
  unitsLeftToShip,
  type CreateShipmentInput,
  type ShipFormValues,
} from '@pitstop/core/shipments';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useShipOrder } from '../api/ship-order';
import { ShipQuantityRow } from './ship-quantity-row';

/** The form's id: All Orders' Shipped links to the order page's #ship. */
export const SHIP_FORM_ID = 'ship';

export type ShippableOrder = Pick<Order, 'orderNumber' | 'lines' | 'shipments'>;

/** The lines that still have units to ship, each with how many are left. */
export function linesLeftToShip(order: ShippableOrder) {
  const left = unitsLeftToShip(order);
  return order.lines
    .map((line) => ({ line, left: left.get(line.lineId) ?? 0 }))
    .filter((entry) => entry.left > 0);
}

interface ShipOrderFormProps {
  order: ShippableOrder;
  /** After the server took the shipment: the order as it now is (refresh the screen's data here). */
  onShipped: (order: Order) => Promise<unknown> | void;
}

/**
 * The admin's ship form: the units of each line still to ship (all of them by default; fewer, or
 * 0, leaves them for a later parcel), the carrier and its tracking number. The tracking rule is
 * core's, as on the server, so a number that does not fit its carrier is named before sending;
 * whatever the server still refuses shows under its field. Mount it with a key that changes with
 * the order's shipments, so each parcel starts from what is left.
 */
export function ShipOrderForm({ order, onShipped }: ShipOrderFormProps) {
  const entries = linesLeftToShip(order);
  const form = useAppForm<ShipFormValues>({
    resolver: zodResolver(shipFormSchema(entries.map((e) => e.left))),
    defaultValues: {
      carrier: 'ups',
      trackingNumber: '',
      quantities: entries.map((e) => String(e.left)),
    },
  });
  const ship = useShipOrder({ onShipped });
  const headingId = useId();
  const { errors } = form.formState;
  const carrier = useWatch({ control: form.control, name: 'carrier' });
  const listError = errors.quantities?.message ?? errors.quantities?.root?.message;

  const onSubmit = form.handleSubmit((values) => {
    // Only the lines with units in this parcel; `sentFrom[i]` is the form row of the i-th sent line.
    const sentFrom: number[] = [];
    const lines: NonNullable<CreateShipmentInput['lines']> = [];
    values.quantities.forEach((text, index) => {
      const quantity = shipQuantity(text);
      const entry = entries[index];
      if (quantity > 0 && entry) {
        sentFrom.push(index);
        lines.push({ lineId: entry.line.lineId, quantity });
      }
    });
    const input: CreateShipmentInput = {
      carrier: values.carrier,
      trackingNumber: values.trackingNumber,
      lines,
    };
    ship.mutate(
      { orderNumber: order.orderNumber, input },
      {
        onError: (error) => {
          if (!isApiError(error)) return;
          error.errors.forEach(({ field, message }, i) => {
            const shouldFocus = i === 0;
            const line = /^lines\.(\d+)\./.exec(field);
            if (field === 'trackingNumber' || field === 'carrier') {
              form.setError(field, { message }, { shouldFocus });
            } else if (line) {
              const row = sentFrom[Number(line[1])];
              if (row !== undefined) form.setError(`quantities.${row}`, { message }, { shouldFocus });
            }
          });
        },
      },
    );
  });

  const fieldErrors = isApiError(ship.error) ? ship.error.errors.length : 0;
  const generalError =
    ship.isError && fieldErrors === 0
      ? `${shipmentTexts.shipFailed} ${problemText(ship.error, shipmentTexts.tryAgain)}`
      : null;

  return (
    <form
      id={SHIP_FORM_ID}
      // Focusable, so arriving at #ship lands on it (its name is the heading's).
      tabIndex={-1}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void onSubmit(event)}
      className="flex scroll-mt-24 flex-col gap-5 rounded-xl border border-slate-200 p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {`${shipmentTexts.formHeading} ${order.orderNumber}`}
        </h3>
        <p className="text-sm text-slate-700">{shipmentTexts.formIntro}</p>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">{shipmentTexts.formIntro}</legend>
        <ul className="flex flex-col divide-y divide-slate-200">
          {entries.map(({ line, left }, index) => (
            <ShipQuantityRow
              key={line.lineId}
              line={line}
              left={left}
              error={errors.quantities?.[index]?.message}
              field={form.register(`quantities.${index}`)}
            />
          ))}
        </ul>
        {listError ? (
          <p className="text-sm font-medium text-red-700" role="alert">
            {listError}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <FormField label={shipmentTexts.carrier} error={errors.carrier?.message}>
          {(control) => (
            <select
              {...control}
              {...form.register('carrier', {
                // A number already named wrong is checked again against the new carrier.
                onChange: () => {
                  if (form.getFieldState('trackingNumber').error) void form.trigger('trackingNumber');
                },
              })}
              className={inputClass}
            >
              {CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {CARRIER_NAMES[c]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField
          label={shipmentTexts.trackingNumber}
          // The error says the same and more: one of the two at a time.
          hint={errors.trackingNumber ? undefined : TRACKING_FORMATS[carrier]}
          error={errors.trackingNumber?.message}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className={`${inputClass} font-mono`}
          {...form.register('trackingNumber')}
        />
      </div>

      {generalError ? (
        <p role="alert" className="font-medium text-red-700">
          {generalError}
        </p>
      ) : null}
      <div>
        <button type="submit" className={buttonStyles('primary', 'md')} disabled={ship.isPending}>
          {ship.isPending ? shipmentTexts.submitting : shipmentTexts.submit}
        </button>
      </div>
    </form>
  );
}
