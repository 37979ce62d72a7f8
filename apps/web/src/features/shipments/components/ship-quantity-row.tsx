import type { OrderLine } from '@pitstop/core/orders';
import { shipmentTexts } from '@pitstop/core/shipment-texts';
import { useId, type ComponentPropsWithRef } from 'react';
import { inputClass } from '@/components/ui/form-field';

interface ShipQuantityRowProps {
  line: Pick<OrderLine, 'name' | 'partNumber' | 'quantity'>;
  /** Units of this line not yet shipped. */
  left: number;
  error: string | undefined;
  /** The form's `register(…)` for this line's field. */
  field: Omit<ComponentPropsWithRef<'input'>, 'id' | 'className'>;
}

/**
 * One line of the ship form: the part (name, number, what is left) beside a narrow quantity
 * field. The field's visible label is short, as the part is named beside it; its accessible name
 * says which part ("Units of Brake pads to ship").
 */
export function ShipQuantityRow({ line, left, error, field }: ShipQuantityRowProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{line.name}</p>
        <p className="text-sm text-slate-600">
          {line.partNumber ? <span className="font-mono">{`${line.partNumber} · `}</span> : null}
          {shipmentTexts.leftToShip(left, line.quantity)}
        </p>
      </div>
      <div className="flex flex-col gap-1.5 sm:w-32 sm:shrink-0">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {shipmentTexts.unitsLabelStart}
          <span className="sr-only">{` of ${line.name}`}</span>
          {shipmentTexts.unitsLabelEnd}
        </label>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClass} sm:text-right`}
          {...field}
        />
        {error ? (
          <p id={errorId} className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
