import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { useEarlyInput } from '@/hooks/use-early-input';
import { useHydrated } from '@/hooks/use-hydrated';
import { inputClass } from '@/components/ui/form-field';
import { cartQuantityProblem } from '../utils/cart-quantity';
import type { AddablePart } from '../types';
import { AddToCartStatus, isSoldOut, useAddToCart } from './add-to-cart-button';

/**
 * "Add to cart" on the part page, with a quantity within the part's minimum order and the stock
 * (the minimum to start with). The page is rendered on the server: nothing here reads the
 * browser's cart, so the first render in the browser is the same.
 */
export function AddToCartForm({
  part,
  children,
}: {
  part: AddablePart;
  /** Beside Add to cart, for the quantity in the box as typed (the screen's 1-Click button). */
  children?: ((quantity: string) => ReactNode) | undefined;
}) {
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [value, setValue] = useState(String(part.minquantity));
  // A quantity typed into the server-rendered box before the script ran.
  useEarlyInput(inputRef, value, setValue);
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, said, add } = useAddToCart(part);
  const soldOut = isSoldOut(part);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = cartQuantityProblem(value, part);
    setProblem(found);
    if (found) {
      document.getElementById(`${id}-quantity`)?.focus();
      return;
    }
    void add(Number(value.trim()));
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={cartPageTexts.addToCart}
      className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex w-44 flex-col gap-1.5">
        <label htmlFor={`${id}-quantity`} className="text-sm font-semibold text-slate-800">
          {cartPageTexts.quantityLabel}
        </label>
        <input
          ref={inputRef}
          id={`${id}-quantity`}
          type="number"
          inputMode="numeric"
          min={part.minquantity}
          max={part.availablequantity}
          step={1}
          value={value}
          disabled={soldOut}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            // Once a problem is shown it follows the typing, so it disappears when fixed.
            if (problem) setProblem(cartQuantityProblem(event.target.value, part));
          }}
          className={inputClass}
        />
      </div>
      <button
        type="submit"
        className={buttonStyles('primary', 'lg')}
        disabled={soldOut || pending || !hydrated}
      >
        {soldOut ? cartPageTexts.soldOut : pending ? cartPageTexts.adding : cartPageTexts.addToCart}
      </button>
      {problem ? (
        <p id={`${id}-problem`} className="basis-full text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <AddToCartStatus said={said} />
      {children?.(value)}
    </form>
  );
}
