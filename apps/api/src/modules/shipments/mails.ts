import type { Order } from '@pitstop/core/orders';
import type { LineQuantity, Shipment } from '@pitstop/core/shipments';
import type { Mail } from '../../lib/mail.js';
import { mailAddress } from '../orders/confirmation-mail.js';

const unitsLine = (line: Pick<LineQuantity, 'name' | 'partNumber' | 'quantity'>) =>
  `  ${line.quantity} × ${line.name}${line.partNumber ? ` (${line.partNumber})` : ''}`;

const greeting = (order: Order) => `Hello ${order.address?.name ?? order.name},`;
const orderPage = (order: Order, publicUrl: string) => `${publicUrl}/order/${order.orderNumber}`;

/**
 * A parcel left: what is in it, the carrier and its tracking link, and — when the order ships in
 * parts — what is still to come. `left` is what remains to ship after this parcel.
 */
export function shipmentMail(
  order: Order,
  shipment: Shipment,
  left: LineQuantity[],
  publicUrl: string,
): Mail {
  const partial = left.length > 0;
  const tracking = shipment.trackingUrl
    ? [`Tracking number: ${shipment.trackingNumber}`, `Follow it: ${shipment.trackingUrl}`]
    : [
        `Tracking number: ${shipment.trackingNumber} (ask ${shipment.carrierName.toLowerCase()} to follow it)`,
      ];
  const text = [
    greeting(order),
    '',
    `${partial ? 'Part of your order' : 'Your order'} ${order.orderNumber} is on its way with ${shipment.carrierName}.`,
    '',
    `In this parcel (shipment ${shipment.position}):`,
    ...shipment.lines.map(unitsLine),
    '',
    ...tracking,
    '',
    // Where it is going, as the confirmation said it (with the apartment or suite line).
    ...(order.address ? [...mailAddress(order), ''] : []),
    ...(partial
      ? [
          'Still to come, in a later parcel:',
          ...left.map(unitsLine),
          'We will mail you again when it ships.',
          '',
        ]
      : []),
    `Your order: ${orderPage(order, publicUrl)}`,
    '',
    'Pitstop Parts',
    '',
  ].join('\n');
  const subject = partial
    ? `Part of your Pitstop Parts order ${order.orderNumber} has shipped`
    : `Your Pitstop Parts order ${order.orderNumber} has shipped`;
  return { to: order.email, subject, text };
}

/** The order arrived, as the shop recorded it; returns are asked for from the order page. */
export function deliveredMail(order: Order, publicUrl: string): Mail {
  const text = [
    greeting(order),
    '',
    `Your order ${order.orderNumber} was delivered. We hope the parts fit well.`,
    '',
    `If something is wrong, you can ask to return parts from your order's page: ${orderPage(order, publicUrl)}`,
    '',
    'Pitstop Parts',
    '',
  ].join('\n');
  return { to: order.email, subject: `Your Pitstop Parts order ${order.orderNumber} was delivered`, text };
}
