import { orderPageTexts } from '@pitstop/core/order-page-texts';
import { formatOrderNumber, parseOrderNumber } from '@pitstop/core/orders';

/** An order page's document title: "Order PS-10482", or not found when the address names no order. */
export function orderPageTitle(number: string | undefined): string {
  const parsed = parseOrderNumber(number ?? '');
  return parsed === null ? orderPageTexts.notFound : orderPageTexts.title(formatOrderNumber(parsed));
}
