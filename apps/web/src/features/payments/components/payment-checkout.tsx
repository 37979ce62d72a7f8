import { messages, orderTexts } from '@pitstop/core/messages';
import { formatDollars } from '@pitstop/core/money';
import { orderItemCount, type OrderAddress } from '@pitstop/core/orders';
import type { PaymentInfo } from '@pitstop/core/payments';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import { deliveryTexts } from '@pitstop/core/delivery-texts';
import { oneClickTexts } from '@pitstop/core/one-click';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { clockTime } from '@/lib/clock-time';
import { usePaymentInfo } from '../api/get-payment-info';
import { PaymentIntentGate } from './payment-intent-gate';
import { MyOrdersLink, StripeUnavailable } from './payment-ui';
import { SandboxCardForm } from './sandbox-card-form';
import type { StripePaymentProps } from './stripe-payment';

export const SANDBOX_NOTE =
  'Test mode: no real card is charged. Use 4242 4242 4242 4242 to succeed, 4000 0000 0000 0002 to see a decline; any future expiry and any CVC.';

const cardClass =
  'mx-auto flex w-full max-w-lg flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8';

/*
 * Stripe Elements and Stripe.js load only when the provider is Stripe: the sandbox (the default)
 * never downloads them. A chunk that cannot be fetched (offline) says card payments are unavailable.
 */
const StripePayment = lazy<ComponentType<StripePaymentProps>>(() =>
  import('./stripe-payment').then(
    (m) => ({ default: m.StripePayment }),
    () => ({ default: StripeUnavailable }),
  ),
);

/**
 * What an order of several parts (or a taxed one) is made of: each line, then the subtotal, the
 * sales tax and the total. An untaxed order of one part shows only the spec's heading and amount.
 */
function OrderBreakdown({ info, withTotal = false }: { info: PaymentInfo; withTotal?: boolean }) {
  const cell = 'border-b border-slate-200 py-2';
  return (
    <table className="w-full border-collapse text-left text-sm text-slate-700">
      <caption className="sr-only">Order lines</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Part</th>
          <th scope="col">Line total</th>
        </tr>
      </thead>
      <tbody>
        {info.lines.map((line, index) => (
          // Lines have no id of their own; their place in the order never changes.
          <tr key={index}>
            <th scope="row" className={`${cell} pr-4 font-medium text-slate-900`}>
              {`${line.name} × ${line.quantity}`}
            </th>
            <td className={`${cell} text-right tabular-nums whitespace-nowrap`}>
              {formatDollars(line.total)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="pt-2 pr-4 font-normal">
            Subtotal
          </th>
          <td className="pt-2 text-right tabular-nums">{formatDollars(info.subtotal)}</td>
        </tr>
        {info.discount ? (
          <tr>
            <th scope="row" className="pr-4 font-normal">
              {promotionsTexts.summaryLine(info.discountCode ?? '')}
            </th>
            <td className="text-right tabular-nums">−{formatDollars(info.discount)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row" className="pr-4 font-normal">
            Sales tax
          </th>
          <td className="text-right tabular-nums">{formatDollars(info.tax)}</td>
        </tr>
        <tr>
          <th scope="row" className="pr-4 font-normal">
            Shipping
          </th>
          <td className="text-right">Free</td>
        </tr>
        {withTotal ? (
          <tr className="font-bold text-slate-900">
            <th scope="row" className="pt-2 pr-4">
              {receiptTexts.total}
            </th>
            <td className="pt-2 text-right tabular-nums">{formatDollars(info.price)}</td>
          </tr>
        ) : null}
      </tfoot>
    </table>
  );
}

/** Where a paid order goes, as the receipt shows it. */
function DeliveryAddress({ address }: { address: OrderAddress }) {
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      <h2 className="text-base font-semibold text-slate-900">{receiptTexts.deliveryHeading}</h2>
      <address className="not-italic">
        {address.name}
        <br />
        {address.street}
        <br />
        {address.line2 ? (
          <>
            {address.line2}
            <br />
          </>
        ) : null}
        {`${address.city}, ${address.state} ${address.zip}`}
        <br />
        {address.phone}
      </address>
    </div>
  );
}

/**
 * A paid order, as the receipt mail tells it: its lines with the tax and total, where it goes,
 * what happens next, and its page (the number is the heading above).
 */
function PaidOrder({ info, transactionId }: { info: PaymentInfo; transactionId: string | null }) {
  return (
    <div className="flex flex-col gap-5">
      {transactionId ? <TransactionId id={transactionId} /> : null}
      <OrderBreakdown info={info} withTotal />
      {info.address ? <DeliveryAddress address={info.address} /> : null}
      {info.promisedOn ? (
        <p className="font-semibold text-emerald-900">{deliveryTexts.arrivesBy(info.promisedOn)}</p>
      ) : null}
      <div className="flex flex-col gap-1 text-sm text-slate-700">
        <h2 className="text-base font-semibold text-slate-900">{receiptTexts.whatNextHeading}</h2>
        <p>{receiptTexts.whatNext}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        {info.orderNumber ? (
          <Link to={`/order/${info.orderNumber}`} className={buttonStyles('primary', 'md')}>
            {receiptTexts.viewOrder(info.orderNumber)}
          </Link>
        ) : null}
        <MyOrdersLink>Go to My Orders</MyOrdersLink>
      </div>
    </div>
  );
}

function TransactionId({ id }: { id: string }) {
  return (
    <p className="text-sm text-slate-700">
      Transaction id: <span className="font-mono break-all text-slate-900">{id}</span>
    </p>
  );
}

/** Pay by card in the offline sandbox: the test-mode note, then the card form once the intent exists. */
function SandboxPayment({
  orderId,
  onPaid,
  onRefused,
}: {
  orderId: string;
  onPaid: (transactionId: string) => void;
  onRefused: (message: string) => void;
}) {
  return (
    <div className="flex flex-col gap-5">
      <p
        role="note"
        className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      >
        {SANDBOX_NOTE}
      </p>
      <PaymentIntentGate orderId={orderId}>
        {(clientSecret) => (
          <SandboxCardForm
            orderId={orderId}
            clientSecret={clientSecret}
            onPaid={onPaid}
            onRefused={onRefused}
          />
        )}
      </PaymentIntentGate>
    </div>
  );
}

interface PaymentBodyProps {
  info: PaymentInfo;
  onPaid: (transactionId: string) => void;
  onRefused: (message: string) => void;
  authenticate: boolean;
}

function PaymentBody({ info, onPaid, onRefused, authenticate }: PaymentBodyProps) {
  if (info.status === 'cancelled') {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-lg text-red-800">
          {orderTexts.cancelled}
        </p>
        <MyOrdersLink>Go to My Orders</MyOrdersLink>
      </div>
    );
  }
  if (info.provider === 'stripe') {
    if (!info.publishableKey) return <StripeUnavailable />;
    return (
      <Suspense fallback={<Spinner label="Loading the card form" className="py-8" />}>
        <StripePayment
          orderId={info.orderId}
          billingName={info.name}
          publishableKey={info.publishableKey}
          onPaid={onPaid}
          onRefused={onRefused}
          authenticate={authenticate}
        />
      </Suspense>
    );
  }
  return <SandboxPayment orderId={info.orderId} onPaid={onPaid} onRefused={onRefused} />;
}

interface PaymentCheckoutProps {
  orderId: string;
  /** Called once the server has recorded the payment (the order is paid). */
  onPaid?: (transactionId: string) => void;
  /**
   * A 1-Click order whose bank asks the customer to confirm the payment (3-D Secure): said above
   * the card form, and with Stripe the saved card itself can be confirmed.
   */
  authenticate?: boolean;
}

/** The payment screen's content (spec §2, §4): what is being paid for, and how to pay. */
export function PaymentCheckout({ orderId, onPaid, authenticate = false }: PaymentCheckoutProps) {
  const info = usePaymentInfo(orderId);
  const [completed, setCompleted] = useState<string | null>(null);
  // The charge went through but the order had been cancelled meanwhile: why, and that it goes back.
  const [refused, setRefused] = useState<string | null>(null);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Once paid, the card form is gone: the focus goes to the order's new heading ("… is paid").
  // Focus is the page's, outside React's state.
  useEffect(() => {
    if (completed) heading.current?.focus();
  }, [completed]);

  if (info.isPending) return <Spinner label="Loading payment" className="py-16" />;

  if (info.isError) {
    if (isApiError(info.error) && [400, 404].includes(info.error.status)) {
      return (
        <div className={cardClass}>
          <h1 className="text-2xl font-bold text-slate-900">We could not find that order.</h1>
          <p className="text-slate-600">Choose Make Payment beside one of your orders to pay for it.</p>
          <MyOrdersLink />
        </div>
      );
    }
    return <QueryError onRetry={() => void info.refetch()} retrying={info.isFetching} />;
  }

  const { name, price, quantity, lines, tax, orderNumber } = info.data;
  const several = lines.length > 1;
  // Paid just now on this page, or before (the page opened again from a link).
  const paid = completed !== null || (info.data.paid && info.data.status !== 'cancelled');
  // An order of several parts is named by its size; the spec's one-part order by its part.
  const title = paid
    ? receiptTexts.isPaid(orderNumber)
    : several
      ? `Pay for your order of ${lines.length} parts`
      : `Pay for ${name}`;
  const items = orderItemCount({ parts: name, quantity, lines });
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div className="flex flex-col gap-2">
        <h1
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl"
        >
          {title}
        </h1>
        {paid ? null : (
          <>
            {orderNumber ? <p className="text-sm text-slate-600">{`Order ${orderNumber}`}</p> : null}
            <p className="text-lg text-slate-700">
              Amount: <span className="font-bold text-slate-900 tabular-nums">{formatDollars(price)}</span>
              <span className="ml-2 text-sm text-slate-600">
                ({items} {items === 1 ? 'item' : 'items'})
              </span>
            </p>
            {several || tax > 0 || (info.data.discount ?? 0) > 0 ? <OrderBreakdown info={info.data} /> : null}
          </>
        )}
        {info.data.expiresAt && !paid && !refused ? (
          <p className="text-sm text-slate-700">
            {`We hold these parts for you until ${clockTime(info.data.expiresAt)}. Pay before then, or they go back on sale.`}
          </p>
        ) : null}
      </div>
      {/* Always present, so the success is announced when it arrives. */}
      <div role="status" className={completed ? 'flex flex-col gap-3' : 'sr-only'}>
        {completed ? (
          <p className="text-lg font-semibold whitespace-pre-wrap text-green-800">
            {messages.paymentCompleted}
          </p>
        ) : null}
      </div>
      {paid ? (
        <PaidOrder info={info.data} transactionId={completed ?? info.data.transactionId} />
      ) : refused ? (
        <div className="flex flex-col gap-3">
          <p role="alert" className="text-lg text-red-800">
            {refused}
          </p>
          <MyOrdersLink>Go to My Orders</MyOrdersLink>
        </div>
      ) : (
        <>
          {authenticate ? (
            <p
              role="note"
              className="rounded-xl border border-sky-300 bg-sky-50 px-4 py-3 font-medium text-sky-950"
            >
              {oneClickTexts.needsAuthentication}
            </p>
          ) : null}
          <PaymentBody
            info={info.data}
            onPaid={(transactionId) => {
              setCompleted(transactionId);
              onPaid?.(transactionId);
            }}
            onRefused={setRefused}
            authenticate={authenticate}
          />
        </>
      )}
    </section>
  );
}
