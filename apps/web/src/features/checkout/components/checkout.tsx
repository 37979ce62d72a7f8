import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { checkoutDraftTexts } from '@pitstop/core/checkout-place-texts';
import { checkoutPaymentTexts } from '@pitstop/core/credit-texts';
import {
  DeliveryAddressSchema,
  salesTaxCents,
  type CheckoutResult,
  type DeliveryAddress,
  type DeliveryAddressInput,
  type PaymentMethod,
} from '@pitstop/core/checkout';
import { DELIVERY_STATES, isDeliveryState } from '@pitstop/core/delivery-area';
import { dollarsToCents, formatDollars } from '@pitstop/core/money';
import { addressBookTexts, type AddressEntry } from '@pitstop/core/address-book';
import {
  addressFieldOf,
  DeliveryAddressFields,
  wholeAddressFields,
} from '@/components/ordering/delivery-address-fields';
import { CheckboxField } from '@/components/ordering/card-fields';
import { PaymentChoice, type CreditLineLeft } from '@/components/ordering/payment-choice';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { getCartQueryOptions, useStoredCartLines, type Cart, type CartItem } from '@/lib/cart';
import { useCurrentUser } from '@/lib/current-user';
import { problemText } from '@/lib/error-text';
import { useAddressBook } from '@/lib/address-book';
import { forgetDraft, readDraft, writeDraft } from '@/lib/tab-draft';
import { useTaxRates } from '../api/get-tax-rates';
import { usePlaceOrder } from '../api/place-order';
import { AddressChoice, NEW_ADDRESS } from './address-choice';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import { DiscountCodeField, type AppliedCode } from '@/features/promotions/components/discount-code-field';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { PoNumberField } from '@/features/approvals/components/po-number-field';
import { useCompanyTerms } from '@/features/approvals/api/get-company-terms';

const EMPTY_ADDRESS = {
  name: '',
  street: '',
  line2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
} satisfies DeliveryAddressInput;
type AddressValues = typeof EMPTY_ADDRESS;

/** The draft of the address being typed, kept in this tab (lib/tab-draft), under this name. */
const DRAFT = 'checkout-address';
/** Longer than any field allows: a stored value past it is not something this page wrote. */
const DRAFT_TEXT_MAX = 500;

/**
 * The address kept in this tab, as the form's values: only the address's own fields, only text,
 * so whatever sits in storage (an older version, dev tools) cannot reach the form as anything
 * else. The form then checks it as it checks typed text, before anything is sent.
 */
function draftAddress(stored: unknown): AddressValues | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const values: AddressValues = { ...EMPTY_ADDRESS };
  let any = false;
  for (const key of Object.keys(EMPTY_ADDRESS) as (keyof AddressValues)[]) {
    const value: unknown = (stored as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.length <= DRAFT_TEXT_MAX) {
      values[key] = value;
      any ||= value.trim() !== '';
    }
  }
  return any ? values : null;
}

/** In cents, so sums are exact ($21.99 × 3 is $65.97, not $65.97000000000001). */
function lineTotalCents(item: CartItem): number {
  return dollarsToCents(item.unitPrice) * item.quantity;
}

/** A line the server would refuse as it stands: more than is left, or under the part's minimum. */
function doesNotFit(item: CartItem): boolean {
  return item.quantity > item.available || item.quantity < item.minquantity;
}

/**
 * What a refused order means for the page, read from the mutation's error: a problem with the
 * cart's parts (409, or an `items.` field) is fixed in the cart; one under an address field is
 * shown there (onError puts it in the form); anything else is said under the total.
 */
function placeFailure(error: unknown): { cartProblem: string | null; generalError: string | null } {
  if (!error) return { cartProblem: null, generalError: null };
  if (!isApiError(error)) return { cartProblem: null, generalError: checkoutTexts.placeFailed };
  // A refused discount code is said under its field.
  if (error.errors.some(({ field }) => field === 'discountCode'))
    return { cartProblem: null, generalError: null };
  // Pay on account refused (not approved, or over the limit): said under the total, not the cart.
  if (error.errors.some(({ field }) => field === 'payment')) {
    return { cartProblem: null, generalError: problemText(error, checkoutTexts.placeFailed) };
  }
  if (error.status === 409 || error.errors.some(({ field }) => field.startsWith('items.'))) {
    return { cartProblem: error.message, generalError: null };
  }
  const onAddress = error.errors.some(({ field }) => addressFieldOf(field) !== null);
  return {
    cartProblem: null,
    generalError: onAddress ? null : problemText(error, checkoutTexts.placeFailed),
  };
}

// Narrow padding on a phone, so the four columns fit 360 px without scrolling.
const cell = 'border-b border-slate-200 px-2 py-3 sm:px-4';

function LinesTable({ items }: { items: CartItem[] }) {
  return (
    <div className="relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{checkoutTexts.linesHeading}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={`${cell} font-semibold`}>
              {checkoutTexts.part}
            </th>
            <th scope="col" className={`${cell} text-right font-semibold`}>
              {checkoutTexts.quantity}
            </th>
            <th scope="col" className={`${cell} text-right font-semibold`}>
              {checkoutTexts.unitPrice}
            </th>
            <th scope="col" className={`${cell} text-right font-semibold`}>
              {checkoutTexts.lineTotal}
            </th>
          </tr>
        </thead>
        <tbody className="text-slate-900">
          {items.map((item) => (
            <tr key={item.partId} className="last:[&>*]:border-b-0">
              <th scope="row" className={`${cell} font-medium`}>
                {item.name}
              </th>
              <td className={`${cell} text-right tabular-nums`}>{item.quantity}</td>
              <td className={`${cell} text-right tabular-nums whitespace-nowrap`}>
                {formatDollars(item.unitPrice)}
              </td>
              <td className={`${cell} text-right font-semibold tabular-nums whitespace-nowrap`}>
                {formatDollars(lineTotalCents(item) / 100)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A refusal about the cart's parts (409, or a line under its minimum): fixed in the cart. */
function CartProblem({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 text-amber-950"
    >
      <p className="font-medium">{message}</p>
      <Link to="/cart" className={buttonStyles('secondary', 'md')}>
        {checkoutTexts.backToCart}
      </Link>
    </div>
  );
}

/** An approved customer's credit line, as far as the checkout needs it (dollars). */
export type CheckoutCreditLine = CreditLineLeft;

/** A saved entry as the order's address (its id and default flag are the book's, not the order's). */
function addressOf({ id: _id, isDefault: _isDefault, line2, ...address }: AddressEntry): DeliveryAddress {
  return { ...address, line2 };
}

interface CheckoutFormProps {
  cart: Cart;
  rates: Record<string, number>;
  /** The customer's address book, the default first (empty: the form alone, as before the book). */
  book: AddressEntry[];
  /** Whose checkout this is: the draft kept in the tab is theirs only (null: unknown, none kept). */
  owner: string | null;
  creditLine: CheckoutCreditLine | null;
  creditOffer: ReactNode;
  onPlaced: (result: CheckoutResult) => void;
  /** The delivery promise for the state the order goes to (null: none chosen yet). */
  deliveryPromise: ((state: string | null) => ReactNode) | undefined;
}

function CheckoutForm(props: CheckoutFormProps) {
  const { cart, rates, book, owner, creditLine, creditOffer, onPlaced, deliveryPromise } = props;
  const addressId = useId();
  const summaryId = useId();
  const [payment, setPayment] = useState<PaymentMethod>('card');
  // What was being typed before a reload wins over the saved addresses: the new address stays
  // chosen. Read once, when the form is made (in the browser: this screen is never rendered on the
  // server).
  const [draft] = useState(() => (owner ? draftAddress(readDraft(DRAFT, owner)) : null));
  const [choice, setChoice] = useState(() => (draft ? NEW_ADDRESS : (book[0]?.id ?? NEW_ADDRESS)));
  const chosen = book.find((entry) => entry.id === choice) ?? null;
  const [makeDefault, setMakeDefault] = useState(false);
  // A discount code the server took for this cart (issue #30), and what it takes off.
  const [discount, setDiscount] = useState<AppliedCode | null>(null);
  const discountCents = discount?.discountCents ?? 0;
  // The buyer's purchase order number (issue #30), required when their company says so.
  const [poNumber, setPoNumber] = useState('');
  const poRequired = useCompanyTerms().data?.poRequired ?? false;
  const form = useAppForm<DeliveryAddressInput, unknown, DeliveryAddress>({
    resolver: zodResolver(DeliveryAddressSchema),
    defaultValues: draft ?? EMPTY_ADDRESS,
  });

  // Every change is kept in this tab until the order is placed or the customer signs out.
  useEffect(() => {
    if (!owner) return undefined;
    const { unsubscribe } = form.watch((values) => writeDraft(DRAFT, owner, values));
    return unsubscribe;
  }, [form, owner]);
  // A restored state is checked at once, as a chosen one is (below): Alaska is refused on sight.
  useEffect(() => {
    if (draft?.state) void form.trigger('state');
  }, [draft, form]);
  const place = usePlaceOrder();
  const failure = placeFailure(place.error);
  const { cartProblem } = failure;
  const codeError =
    place.error && isApiError(place.error)
      ? place.error.errors.find(({ field }) => field === 'discountCode')?.message
      : undefined;
  // A saved address has no fields on screen: a refusal about it is said under the total.
  const poError =
    place.error && isApiError(place.error)
      ? place.error.errors.find(({ field }) => field === 'poNumber')?.message
      : undefined;
  const generalError = poError
    ? null
    : (failure.generalError ??
      (chosen && place.error && !cartProblem && !codeError
        ? problemText(place.error, checkoutTexts.placeFailed)
        : null));

  const typedState = (useWatch({ control: form.control, name: 'state' }) ?? '').toUpperCase();
  // The tax and the promise follow the address the order goes to: the chosen one, or the typed one.
  const state = chosen ? chosen.state : typedState;
  const subtotalCents = cart.items.reduce((sum, item) => sum + lineTotalCents(item), 0);
  const cartKey = cart.items.map((item) => `${item.partId}:${item.quantity}`).join(',');
  const rate = isDeliveryState(state) ? (rates[state] ?? 0) : null;
  // The server's own rounding (hundredths of a percent, once per order), so the figures agree.
  const taxCents =
    rate === null ? null : salesTaxCents(subtotalCents - discountCents, Math.round(rate * 100));
  const stockProblem = cartProblem ?? (cart.items.some(doesNotFit) ? checkoutTexts.fixInCart : null);

  const placeTo = (address: DeliveryAddress) => {
    place.mutate(
      {
        address,
        payment,
        poNumber: poNumber.trim() || undefined,
        discountCode: discount?.code,
        ...(makeDefault && !chosen ? { makeDefault: true } : {}),
      },
      {
        onSuccess: (result) => {
          forgetDraft(DRAFT);
          onPlaced(result);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const onFields = error.errors.flatMap(({ field, message }) => {
            const name = addressFieldOf(field);
            return name ? [{ name, message }] : [];
          });
          onFields.forEach(({ name, message }, index) => {
            form.setError(name, { message }, { shouldFocus: index === 0 });
          });
        },
      },
    );
  };
  const onSubmit = chosen
    ? () => placeTo(addressOf(chosen))
    : form.handleSubmit((address) => placeTo(address));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit(event);
      }}
      className="flex flex-col gap-6"
    >
      {stockProblem ? <CartProblem message={stockProblem} /> : null}
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="flex flex-col gap-8">
          <section aria-label={checkoutTexts.linesHeading} className="flex flex-col gap-3">
            <h2 className="text-xl font-bold text-slate-900">{checkoutTexts.linesHeading}</h2>
            <LinesTable items={cart.items} />
          </section>
          <fieldset
            aria-labelledby={addressId}
            className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <div className="flex flex-col gap-1">
              <h2 id={addressId} className="text-xl font-bold text-slate-900">
                {checkoutTexts.addressHeading}
              </h2>
              <p className="text-sm text-slate-600">{checkoutTexts.addressLead}</p>
              {draft ? (
                <p role="status" className="text-sm text-slate-600">
                  {checkoutDraftTexts.restored}
                </p>
              ) : null}
            </div>
            {book.length > 0 ? (
              <AddressChoice
                book={book}
                value={choice}
                onChange={(next) => {
                  // A refusal about the other address no longer applies.
                  place.reset();
                  setChoice(next);
                }}
              />
            ) : null}
            {chosen ? null : (
              <>
                {/* Alaska and the like are refused as soon as they are chosen, and the tax beside
                  follows the choice. */}
                <DeliveryAddressFields {...wholeAddressFields(form, form.getValues('state'))} />
                {book.length > 0 ? (
                  <CheckboxField
                    label={addressBookTexts.defaultCheckbox}
                    checked={makeDefault}
                    onChange={setMakeDefault}
                  />
                ) : null}
                <p className="text-sm text-slate-600">{addressBookTexts.keptForNextTime}</p>
              </>
            )}
          </fieldset>
        </div>

        <section
          aria-labelledby={summaryId}
          className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-24"
        >
          <h2 id={summaryId} className="text-xl font-bold text-slate-900">
            {checkoutTexts.summaryHeading}
          </h2>
          <dl className="flex flex-col gap-2 text-slate-700">
            <div className="flex justify-between gap-4">
              <dt>{checkoutTexts.subtotal}</dt>
              <dd className="tabular-nums">{formatDollars(subtotalCents / 100)}</dd>
            </div>
            {discount ? (
              <div className="flex justify-between gap-4 text-green-800">
                <dt>{promotionsTexts.summaryLine(discount.code)}</dt>
                <dd className="tabular-nums">−{formatDollars(discountCents / 100)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4">
              <dt>
                {rate === null
                  ? checkoutTexts.salesTax
                  : checkoutTexts.salesTaxFor(DELIVERY_STATES[state as keyof typeof DELIVERY_STATES], rate)}
              </dt>
              <dd className="tabular-nums">
                {taxCents === null ? checkoutTexts.taxNeedsState : formatDollars(taxCents / 100)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{checkoutTexts.shipping}</dt>
              <dd>{checkoutTexts.freeShipping}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
              <dt>{checkoutTexts.total}</dt>
              <dd className="tabular-nums">
                {formatDollars((subtotalCents - discountCents + (taxCents ?? 0)) / 100)}
              </dd>
            </div>
          </dl>
          <DiscountCodeField cartKey={cartKey} onChange={setDiscount} serverError={codeError} />
          <PoNumberField value={poNumber} onChange={setPoNumber} required={poRequired} error={poError} />
          {creditLine ? (
            <PaymentChoice
              value={payment}
              onChange={(next) => {
                // A refusal of the other way to pay no longer applies.
                place.reset();
                setPayment(next);
              }}
              creditLine={creditLine}
              totalCents={subtotalCents - discountCents + (taxCents ?? 0)}
            />
          ) : null}
          {generalError ? (
            <p role="alert" className="font-medium text-red-700">
              {generalError}
            </p>
          ) : null}
          <button
            type="submit"
            className={buttonStyles('primary', 'lg', 'w-full')}
            disabled={place.isPending || stockProblem !== null}
          >
            {place.isPending ? checkoutTexts.placing : checkoutTexts.placeOrder}
          </button>
          {payment === 'card' ? <p className="text-sm text-slate-600">{checkoutTexts.payNext}</p> : null}
          {/* Under Place order: it appears once the settings answer and changes with the state
            chosen, and above the form it moved every field (and the button) as it did. */}
          {deliveryPromise?.(state || null)}
          {creditOffer}
        </section>
      </div>
    </form>
  );
}

interface CheckoutProps {
  /** Called with the placed order (its id, number, figures and how it is paid) once the server has placed it (201). */
  onPlaced: (result: CheckoutResult) => void;
  /**
   * An approved customer's credit line: offers "Pay on account (net 30)". Null (or not given)
   * shows no choice, and the order is paid by card.
   */
  creditLine?: CheckoutCreditLine | null;
  /** Where to apply for credit (or see it), shown under the order's summary; the route's to give. */
  creditOffer?: ReactNode;
  /** The delivery promise for the state the order goes to, under Place order; the route's to give. */
  deliveryPromise?: (state: string | null) => ReactNode;
}

/**
 * The checkout (issue #10): the cart's lines, the delivery address (one of the address book's,
 * the default chosen at first, or a new one typed in), the subtotal, the chosen state's sales tax, free shipping and the total; Place order
 * makes one unpaid order of the whole cart, paid by card on the next page.
 */
export function Checkout({
  onPlaced,
  creditLine = null,
  creditOffer = null,
  deliveryPromise,
}: CheckoutProps) {
  const cart = useQuery(getCartQueryOptions());
  const rates = useTaxRates();
  const book = useAddressBook();
  const me = useCurrentUser();
  // Lines still in this browser are on their way into the account's cart (signing in from the
  // checkout moves them): until they are, the cart is not empty, only not yet complete.
  const moving = useStoredCartLines().length > 0;
  const [placed, setPlaced] = useState<CheckoutResult | null>(null);

  // The cart is emptied by the order: say where the customer is going, not that it is empty.
  // Back pressed while the payment page loaded shows this again, so it links there too.
  if (placed?.awaitingApproval) {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="text-lg font-semibold text-green-800">
          {approvalsTexts.placedAwaiting(placed.orderNumber)}
        </p>
        <Link
          to={`/order/${encodeURIComponent(placed.orderNumber)}`}
          className={buttonStyles('secondary', 'md', 'self-start')}
        >
          {approvalsTexts.followOrder(placed.orderNumber)}
        </Link>
      </div>
    );
  }
  if (placed) {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="text-lg font-semibold text-green-800">
          {placed.paymentMethod === 'account' ? checkoutPaymentTexts.placedOnAccount : checkoutTexts.placed}
        </p>
        {placed.paymentMethod === 'account' ? null : (
          <Link
            to={`/payment/${encodeURIComponent(placed.insertedId)}`}
            className={buttonStyles('primary', 'md', 'self-start')}
          >
            {checkoutTexts.openPayment(placed.orderNumber)}
          </Link>
        )}
      </div>
    );
  }
  if (cart.isError || rates.isError) {
    return (
      <QueryError
        onRetry={() => {
          if (cart.isError) void cart.refetch();
          if (rates.isError) void rates.refetch();
        }}
        retrying={cart.isFetching || rates.isFetching}
      />
    );
  }
  // An address book that cannot be read only means typing the address again; an account that
  // cannot be read, that nothing typed is kept in the tab.
  if (cart.isPending || rates.isPending || book.isPending || (me.isSignedIn && me.isPending)) {
    return <Spinner label={checkoutTexts.loading} className="justify-start py-6" />;
  }
  if (cart.data.items.length === 0 && moving) {
    return <Spinner label={checkoutTexts.loading} className="justify-start py-6" />;
  }
  if (cart.data.items.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-8">
        <p className="text-xl font-semibold text-slate-900">{checkoutTexts.emptyCart}</p>
        <Link to="/parts" className={buttonStyles('primary', 'lg')}>
          {checkoutTexts.browseParts}
        </Link>
      </div>
    );
  }
  return (
    <CheckoutForm
      cart={cart.data}
      rates={rates.data.rates}
      book={book.data?.addresses ?? []}
      owner={me.data?._id ?? null}
      creditLine={creditLine}
      creditOffer={creditOffer}
      deliveryPromise={deliveryPromise}
      onPlaced={(result) => {
        setPlaced(result);
        onPlaced(result);
      }}
    />
  );
}
