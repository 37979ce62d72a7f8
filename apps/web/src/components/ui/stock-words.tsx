import { minimumsTexts, stockLevel, stockWords, type StockLevel } from '@pitstop/core/minimums-texts';

const COLOURS: Record<StockLevel, string> = {
  in: 'text-emerald-800',
  few: 'text-amber-800',
  out: 'text-red-700',
};

interface StockWordsProps {
  part: { availablequantity: number; minquantity: number };
  /** Admins also read the exact count ("In stock · 1,900 available"); shoppers read words only. */
  showCount?: boolean;
  className?: string;
}

/**
 * A part's stock as a shopper reads it: "In stock", "Only 3 left" or "Out of stock" (the rule is
 * in @pitstop/core/minimums-texts). Shared by the part cards, the part page and the cart.
 */
export function StockWords({ part, showCount = false, className = 'text-sm' }: StockWordsProps) {
  return (
    <span className={`font-medium ${COLOURS[stockLevel(part)]} ${className}`}>
      {stockWords(part)}
      {showCount ? (
        <span className="font-normal text-slate-600">
          {' · '}
          {minimumsTexts.adminCount(part.availablequantity)}
        </span>
      ) : null}
    </span>
  );
}
