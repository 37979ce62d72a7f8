import type { Order } from '@pitstop/core/orders';

/**
 * What an order holds, for a list's Name (or Part) cell: the part's name for an order of one line,
 * as the spec's screens show it; every line as "Brake pads × 2" for an order of several.
 */
export function OrderParts({ order }: { order: Pick<Order, 'parts' | 'lines'> }) {
  if (order.lines.length <= 1) return <>{order.parts}</>;
  return (
    <ul className="flex flex-col gap-0.5">
      {order.lines.map((line, index) => (
        // Lines have no id of their own; their place in the order never changes.
        <li key={index}>{`${line.name} × ${line.quantity}`}</li>
      ))}
    </ul>
  );
}
