import { priceTagTexts } from '@pitstop/core/pricing-storefront-texts';
import { formatDollars } from '@pitstop/core/money';

/**
 * Retail struck through beside the price when the shown price (a price list's, a sale's) is lower.
 * Nothing otherwise. Kept tiny: every part card shows it.
 */
export function WasPrice({
  part,
  className,
}: {
  part: { price: number; listPrice?: number };
  className?: string;
}) {
  if (part.listPrice === undefined || part.listPrice <= part.price) return null;
  return (
    <s className={`font-normal text-slate-500 ${className ?? ''}`}>
      <span className="sr-only">{priceTagTexts.was}</span>
      {formatDollars(part.listPrice)}
    </s>
  );
}
