import { useId } from 'react';
import type { PaymentMethod } from '@pitstop/core/checkout';
import { checkoutPaymentTexts } from '@pitstop/core/credit-texts';
import { dollarsToCents, formatDollars } from '@pitstop/core/money';

/** An approved customer's credit line, as far as an order form needs it (dollars). */
export interface CreditLineLeft {
  remaining: number;
}

interface PaymentChoiceProps {
  value: PaymentMethod;
  onChange: (value: PaymentMethod) => void;
  creditLine: CreditLineLeft;
  /** The order's total so far, to say when it is over what is left; null while it is not known. */
  totalCents: number | null;
}

/**
 * Card, or "Pay on account (net 30)" with what is left of the limit: shown to approved customers
 * only, by the checkout and by the part page's order form.
 */
export function PaymentChoice({ value, onChange, creditLine, totalCents }: PaymentChoiceProps) {
  const id = useId();
  const remaining = formatDollars(creditLine.remaining);
  const over = totalCents !== null && totalCents > dollarsToCents(creditLine.remaining);
  const option =
    'flex items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-red-700';
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold text-slate-900">{checkoutPaymentTexts.heading}</legend>
      <div className={option}>
        <input
          id={`${id}-card`}
          type="radio"
          name="payment"
          value="card"
          checked={value === 'card'}
          onChange={() => onChange('card')}
          className="mt-1"
        />
        <label htmlFor={`${id}-card`}>{checkoutPaymentTexts.card}</label>
      </div>
      <div className={option}>
        <input
          id={`${id}-account`}
          type="radio"
          name="payment"
          value="account"
          checked={value === 'account'}
          onChange={() => onChange('account')}
          aria-describedby={`${id}-account-hint`}
          className="mt-1"
        />
        <div className="flex flex-col">
          <label htmlFor={`${id}-account`}>{checkoutPaymentTexts.account}</label>
          <p id={`${id}-account-hint`} className="text-sm text-slate-600">
            {checkoutPaymentTexts.accountHint(remaining)}
          </p>
        </div>
      </div>
      {value === 'account' && over ? (
        <p className="text-sm font-medium text-red-700">{checkoutPaymentTexts.overRemaining(remaining)}</p>
      ) : null}
    </fieldset>
  );
}
