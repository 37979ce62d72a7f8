import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { centsToDollars, dollarsToCents, formatDollars } from '@pitstop/core/money';
import { cartPageTexts } from '@pitstop/core/cart-texts';
import { minimumsTexts } from '@pitstop/core/minimums-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { ErrorNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { StockWords } from '@/components/ui/stock-words';
import type { CartItem } from '@/lib/cart';
import { imageSources } from '@/lib/responsive-image';
import { useCart } from '../hooks/use-cart';
import type { RefusedLine } from '../types';
import { cartQuantityProblem, lineProblem, type LineStock } from '../utils/cart-quantity';

function partHref(partId: string): string {
  return `/parts/${encodeURIComponent(partId)}`;
}

function lineTotal(item: CartItem): number {
  // In cents, so $21.99 × 3 is $65.97 and not $65.97000000000001.
  return centsToDollars(dollarsToCents(item.unitPrice) * item.quantity);
}

const stepButton = buttonStyles('secondary', 'md', 'min-w-11 px-0 text-lg');

interface QuantityControlProps {
  item: CartItem;
  stock: LineStock;
  disabled: boolean;
  onChange: (quantity: number) => void;
}

/**
 * − / + and a box to type in, within the part's minimum order and its stock. A typed number is
 * taken on Enter or when the box is left; one outside the limits is explained, not sent.
 */
function QuantityControl({ item, stock, disabled, onChange }: QuantityControlProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const limits = { minquantity: stock.minquantity, availablequantity: stock.available };

  function commit(text: string) {
    const found = cartQuantityProblem(text, limits);
    setProblem(found);
    if (found) return;
    setDraft(null);
    const quantity = Number(text.trim());
    if (quantity !== item.quantity) onChange(quantity);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && draft !== null) commit(draft);
  }

  // One fewer, but never above the stock: a line over it comes down to what there is.
  const fewer = Math.max(stock.minquantity, Math.min(item.quantity - 1, stock.available));
  return (
    <div className="flex flex-col gap-1">
      <div role="group" aria-label={cartPageTexts.quantityOf(item.name)} className="flex items-center gap-1">
        <button
          type="button"
          className={stepButton}
          aria-label={cartPageTexts.decrease(item.name)}
          disabled={disabled || fewer >= item.quantity}
          onClick={() => onChange(fewer)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          type="number"
          inputMode="numeric"
          aria-label={cartPageTexts.quantityOf(item.name)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          min={stock.minquantity}
          max={stock.available}
          step={1}
          value={draft ?? String(item.quantity)}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => {
            if (draft !== null) commit(draft);
          }}
          onKeyDown={onKeyDown}
          className={`${inputClass} w-20 text-center`}
        />
        <button
          type="button"
          className={stepButton}
          aria-label={cartPageTexts.increase(item.name)}
          disabled={disabled || item.quantity >= stock.available}
          onClick={() => onChange(item.quantity + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

interface CartLineProps {
  item: CartItem;
  stock: LineStock;
  busy: boolean;
  /** The screen's addition under the line (1-Click for its quantity), or nothing. */
  action?: ReactNode;
  onChange: (quantity: number) => void;
  onRemove: () => void;
}

function CartLine({ item, stock, busy, action, onChange, onRemove }: CartLineProps) {
  const id = useId();
  const problem = lineProblem(item.quantity, stock);
  return (
    <li>
      <article
        aria-labelledby={`${id}-name`}
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-busy={busy || undefined}
        className={`grid grid-cols-[5rem_1fr] gap-4 rounded-2xl border bg-white p-4 shadow-sm sm:grid-cols-[6rem_1fr_auto] sm:items-center ${
          problem ? 'border-amber-400' : 'border-slate-200'
        }`}
      >
        <img
          {...imageSources(item.img, 'thumb')}
          alt=""
          loading="lazy"
          decoding="async"
          className="aspect-square w-20 rounded-xl bg-slate-100 object-cover sm:w-24"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={`${id}-name`} className="text-base font-semibold leading-snug text-slate-900 sm:text-lg">
            <Link to={partHref(item.partId)} className="underline-offset-4 hover:underline">
              {item.name}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            {cartPageTexts.unitPrice}:{' '}
            <span className="font-medium text-slate-900">{formatDollars(item.unitPrice)}</span>
          </p>
          {problem ? (
            <p
              id={`${id}-problem`}
              className="mt-1 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
            >
              <span aria-hidden="true">⚠ </span>
              {problem}
            </p>
          ) : (
            // Stock in words, as the part's card and page say it; the minimum when above 1.
            <p className="text-sm">
              <StockWords part={{ availablequantity: stock.available, minquantity: stock.minquantity }} />
              {stock.minquantity > 1 ? (
                <span className="text-slate-600"> · {minimumsTexts.minimumOrder(stock.minquantity)}</span>
              ) : null}
            </p>
          )}
        </div>
        <div className="col-span-2 flex flex-wrap items-center justify-between gap-3 sm:col-span-1 sm:justify-end">
          {stock.gone ? null : (
            <QuantityControl
              key={item.quantity}
              item={item}
              stock={stock}
              disabled={busy}
              onChange={onChange}
            />
          )}
          <p className="min-w-24 text-right">
            <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">
              {cartPageTexts.lineTotal}
            </span>
            <span className="text-lg font-bold text-slate-900">{formatDollars(lineTotal(item))}</span>
          </p>
          <button
            type="button"
            className={buttonStyles('ghost', 'md', 'text-red-700')}
            aria-label={cartPageTexts.removeLabel(item.name)}
            disabled={busy}
            onClick={onRemove}
          >
            {cartPageTexts.remove}
          </button>
        </div>
        {action ? <div className="col-span-2 sm:col-span-3">{action}</div> : null}
      </article>
    </li>
  );
}

function RefusedLines({ lines, onDismiss }: { lines: RefusedLine[]; onDismiss: () => void }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
    >
      <h2 id={id} className="font-semibold">
        {cartPageTexts.refusedHeading}
      </h2>
      <ul className="list-disc pl-5 text-sm">
        {lines.map((line) => (
          <li key={line.partId}>{cartPageTexts.refusedLine(line.name, line.reason)}</li>
        ))}
      </ul>
      <button type="button" className={buttonStyles('secondary', 'md', 'self-start')} onClick={onDismiss}>
        {cartPageTexts.dismiss}
      </button>
    </section>
  );
}

function EmptyCart() {
  return (
    <div className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-8">
      <p className="text-xl font-semibold text-slate-900">{cartPageTexts.empty}</p>
      <p className="text-slate-600">{cartPageTexts.emptyLead}</p>
      <Link to="/parts" className={buttonStyles('primary', 'lg')}>
        {cartPageTexts.browseParts}
      </Link>
    </div>
  );
}

interface CartContentsProps {
  /**
   * Fresher stock for a line than the one it carries (a visitor's lines keep the stock seen when
   * they were added); the screen may look it up in the catalogue. Undefined keeps the line's own.
   */
  stockOf?: (partId: string) => LineStock | undefined;
  /**
   * The delivery promise, shown under Checkout: it appears once the stock and the settings are
   * known, and below the button it moves nothing a hand or a pointer is already on its way to.
   */
  promise?: ReactNode;
  /**
   * What the screen adds under a line that fits the stock (the 1-Click button, from another
   * feature, for that line's quantity); undefined adds nothing.
   */
  lineAction?: ((item: CartItem) => ReactNode) | undefined;
}

/** The sign-in screens' `?from=` (features/auth's FROM_PARAM) for the checkout. */
const CHECKOUT_FROM = `?${new URLSearchParams({ from: '/checkout' }).toString()}`;

/**
 * The cart: each line with its picture, name (to the part), unit price, quantity, line total and
 * Remove; a warning on a line that no longer fits the stock; the subtotal and Checkout. Every
 * change is announced in one polite live region.
 */
export function CartContents({ stockOf, promise, lineAction }: CartContentsProps) {
  const cart = useCart();
  const summaryId = useId();
  const [announcement, setAnnouncement] = useState('');

  const live = (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );

  if (cart.isLoading) {
    return (
      <div className="flex flex-col gap-6">
        <Spinner label={cartPageTexts.loading} className="justify-start py-6" />
        {live}
      </div>
    );
  }

  if (cart.mergeFailed || cart.loadFailed) {
    return (
      <div className="flex flex-col gap-3">
        {cart.mergeFailed ? <p className="text-slate-700">{cartPageTexts.mergeFailed}</p> : null}
        <QueryError onRetry={cart.retry} />
      </div>
    );
  }

  const stockFor = (item: CartItem): LineStock =>
    stockOf?.(item.partId) ?? { available: item.available, minquantity: item.minquantity };
  const hasProblems = cart.items.some((item) => lineProblem(item.quantity, stockFor(item)) !== null);

  async function change(item: CartItem, quantity: number) {
    if (await cart.setQuantity(item.partId, quantity)) {
      setAnnouncement(cartPageTexts.quantityChanged(item.name, quantity));
    }
  }

  async function remove(item: CartItem) {
    if (await cart.remove(item.partId)) setAnnouncement(cartPageTexts.removed(item.name));
  }

  return (
    <div className="flex flex-col gap-6">
      {live}
      {cart.refused.length > 0 ? <RefusedLines lines={cart.refused} onDismiss={cart.dismissRefused} /> : null}
      <ErrorNotice message={cart.error} />
      {cart.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_20rem] lg:items-start">
          <ul className="flex flex-col gap-4" aria-label={cartPageTexts.heading}>
            {cart.items.map((item) => (
              <CartLine
                key={item.partId}
                item={item}
                stock={stockFor(item)}
                busy={cart.pendingPartId === item.partId}
                action={lineProblem(item.quantity, stockFor(item)) === null ? lineAction?.(item) : undefined}
                onChange={(quantity) => void change(item, quantity)}
                onRemove={() => void remove(item)}
              />
            ))}
          </ul>
          <section
            aria-labelledby={summaryId}
            className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-24"
          >
            <h2 id={summaryId} className="text-xl font-bold text-slate-900">
              {cartPageTexts.summaryHeading}
            </h2>
            <dl className="flex flex-col gap-2">
              <div className="flex justify-between text-slate-700">
                <dt>{cartPageTexts.items}</dt>
                <dd>{cart.count}</dd>
              </div>
              <div className="flex justify-between text-lg font-bold text-slate-900">
                <dt>{cartPageTexts.subtotal}</dt>
                <dd>{formatDollars(cart.subtotal)}</dd>
              </div>
            </dl>
            <p className="text-sm text-slate-600">{cartPageTexts.freeShipping}</p>
            {hasProblems ? (
              <>
                <button type="button" disabled className={buttonStyles('primary', 'lg', 'w-full')}>
                  {cartPageTexts.checkout}
                </button>
                <p className="text-sm font-medium text-amber-900">{cartPageTexts.fixLinesFirst}</p>
              </>
            ) : cart.isSignedIn ? (
              <Link to="/checkout" className={buttonStyles('primary', 'lg', 'w-full')}>
                {cartPageTexts.checkout}
              </Link>
            ) : (
              <>
                {/* Back to the checkout once signed in (issue #28), not to the cart: the guard's
                  state, and the address's ?from= for a link opened in a new tab. */}
                <Link
                  to={{ pathname: '/login', search: CHECKOUT_FROM }}
                  state={{ from: { pathname: '/checkout', search: '' } }}
                  className={buttonStyles('primary', 'lg', 'w-full')}
                >
                  {cartPageTexts.checkout}
                </Link>
                <p className="text-sm text-slate-600">{cartPageTexts.signInToCheckout}</p>
              </>
            )}
            {promise}
          </section>
        </div>
      )}
    </div>
  );
}
