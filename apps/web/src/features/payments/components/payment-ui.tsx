import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';

/** Shown when Stripe.js (or the Stripe card form) cannot be loaded, e.g. offline. */
export const STRIPE_UNAVAILABLE = 'Card payments are unavailable right now. Please try again later.';

export function MyOrdersLink({ children = 'Back to My Orders' }: { children?: ReactNode }) {
  return (
    <Link to="/order" className={buttonStyles('secondary', 'md', 'self-start')}>
      {children}
    </Link>
  );
}

/** A payment error in red, announced when it appears (spec §8: 'Payment errors show the provider's message in red'). */
export function PaymentAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="font-medium text-red-700">
      {children}
    </p>
  );
}

export function StripeUnavailable() {
  return <PaymentAlert>{STRIPE_UNAVAILABLE}</PaymentAlert>;
}

interface PayButtonProps {
  /** The provider is ready and the client secret has arrived (spec §4). */
  ready: boolean;
  paying: boolean;
}

/** The card form's submit button: disabled until the payment can be made, and while paying. */
export function PayButton({ ready, paying }: PayButtonProps) {
  return (
    <>
      <button type="submit" className={buttonStyles('primary', 'lg', 'w-full')} disabled={!ready || paying}>
        {paying ? 'Paying…' : 'Pay'}
      </button>
      {ready ? null : (
        <p role="status" className="text-center text-sm text-slate-600">
          Getting the payment ready…
        </p>
      )}
    </>
  );
}
