import { Link } from 'react-router';
import { creditOfferTexts as t } from '@pitstop/core/checkout-place-texts';
import { formatDollars } from '@pitstop/core/money';
import { useCreditStatus } from '../api/get-credit-status';

const linkClass = 'font-semibold text-red-700 underline decoration-2 underline-offset-4 hover:text-red-800';

/**
 * The way to the credit application (issue #28), where a customer meets paying on account: the
 * profile and the checkout. It says where they stand (none yet, being reviewed, declined, or the
 * limit left) and links to /credit. While the status loads, or if it cannot be read, it shows
 * nothing: it is an offer, not the page's content.
 */
export function CreditOffer({ className = '' }: { className?: string }) {
  const status = useCreditStatus();
  if (!status.data) return null;

  const { application, account } = status.data;
  const [text, link] = account
    ? [t.approved(formatDollars(account.remaining), formatDollars(account.limit)), t.details]
    : application?.status === 'pending'
      ? [t.pending, t.details]
      : application?.status === 'declined'
        ? [t.declined, t.applyAgain]
        : [t.none, t.apply];

  return (
    <section aria-label={t.heading} className={`flex flex-col items-start gap-2 text-sm ${className}`}>
      <p className="text-slate-700">{text}</p>
      <Link to="/credit" className={linkClass}>
        {link}
      </Link>
    </section>
  );
}
