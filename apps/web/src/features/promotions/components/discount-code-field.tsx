import { useEffect, useState } from 'react';
import { dollarsToCents, formatDollars } from '@pitstop/core/money';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useDiscountPreview } from '../api/promotions-api';

/** A code the server took for the cart as it is: the code as the shop spells it and what it takes off. */
export interface AppliedCode {
  code: string;
  discountCents: number;
}

interface DiscountCodeFieldProps {
  /** The cart's lines (ids and quantities): a change asks the server again. */
  cartKey: string;
  /** The code that applies now and what it takes off, or null. */
  onChange: (applied: AppliedCode | null) => void;
  /** The order's own refusal of the code (it changed since it was applied). */
  serverError?: string | undefined;
}

/** The refusal's words on `discountCode`, else the problem's. */
function refusalOf(error: unknown): string {
  if (isApiError(error)) {
    const onField = error.errors.find(({ field }) => field === 'discountCode' || field === 'code');
    if (onField) return onField.message;
  }
  return problemText(error, promotionsTexts.unknown);
}

/**
 * The checkout's "Discount code" field (issue #30): Apply asks the server what the code takes off
 * this cart (POST /api/checkout/discount); the summary shows it, and the order checks it again.
 * Enter in the field applies the code rather than placing the order.
 */
export function DiscountCodeField({ cartKey, onChange, serverError }: DiscountCodeFieldProps) {
  const [text, setText] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const preview = useDiscountPreview(code, cartKey);
  const applied =
    code !== null && preview.data
      ? { code: preview.data.code, discountCents: dollarsToCents(preview.data.discount) }
      : null;
  const appliedCode = applied?.code ?? null;
  const appliedCents = applied?.discountCents ?? 0;
  useEffect(() => {
    onChange(appliedCode === null ? null : { code: appliedCode, discountCents: appliedCents });
  }, [appliedCode, appliedCents, onChange]);

  const refused = code !== null && preview.isError ? refusalOf(preview.error) : undefined;
  const error = refused ?? serverError;

  function apply() {
    const typed = text.trim();
    setCode(typed === '' ? null : typed);
    if (typed !== '' && typed === code) void preview.refetch();
  }

  function remove() {
    setCode(null);
    setText('');
  }

  return (
    <div className="flex flex-col gap-2">
      <FormField label={promotionsTexts.fieldLabel} error={error}>
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              name="discountCode"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={text}
              className={`${inputClass} min-w-0 flex-1`}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  apply();
                }
              }}
            />
            <button
              type="button"
              className={buttonStyles('secondary', 'md', 'shrink-0')}
              onClick={apply}
              disabled={preview.isFetching}
            >
              {preview.isFetching ? promotionsTexts.applying : promotionsTexts.apply}
            </button>
          </div>
        )}
      </FormField>
      <p role="status" className={applied ? 'text-sm font-medium text-green-800' : 'sr-only'}>
        {applied ? promotionsTexts.appliedNote(applied.code, formatDollars(applied.discountCents / 100)) : ''}
      </p>
      {applied ? (
        <button type="button" className={buttonStyles('secondary', 'sm', 'self-start')} onClick={remove}>
          {promotionsTexts.remove}
        </button>
      ) : null}
    </div>
  );
}
