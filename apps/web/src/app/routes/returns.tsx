import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RETURN_REASON_LABELS, returnPolicyTexts as t } from '@pitstop/core/return-policy';
import { PageContainer } from '@/components/layout/page-container';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const linkClass = 'font-semibold text-red-700 underline decoration-2 underline-offset-4 hover:text-red-800';

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {heading}
      </h2>
      <div className="mt-3 flex flex-col gap-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/**
 * /returns: the returns policy, rendered on the server like /about. What it states is what the
 * shop does (the window, the reasons, the refund) and what the part pages' structured data says
 * (hasMerchantReturnPolicy): both read @pitstop/core/return-policy.
 */
export function ReturnsRoute() {
  useDocumentMeta(t.title, t.metaDescription);
  return (
    <PageContainer>
      <div className="flex max-w-3xl flex-col gap-5">
        <p className="text-sm font-semibold uppercase tracking-wide text-red-700">{t.eyebrow}</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t.heading}</h1>
        <p className="text-lg leading-relaxed text-slate-700">{t.lead}</p>
      </div>
      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <Section id="returns-window" heading={t.windowHeading}>
          <p>{t.windowText}</p>
        </Section>
        <Section id="returns-reasons" heading={t.reasonsHeading}>
          <p>{t.reasonsText}</p>
          <ul className="flex flex-col gap-2">
            {t.reasons.map(({ reason, text }) => (
              <li key={reason}>
                <strong className="font-semibold text-slate-900">{RETURN_REASON_LABELS[reason]}</strong>:{' '}
                {text}
              </li>
            ))}
          </ul>
        </Section>
        <Section id="returns-how" heading={t.howHeading}>
          <ol className="flex list-decimal flex-col gap-2 pl-5">
            {t.howSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>
            <Link to="/order" className={linkClass}>
              {t.ordersLink}
            </Link>
          </p>
        </Section>
        <Section id="returns-refund" heading={t.refundHeading}>
          <p>{t.refundText}</p>
        </Section>
        <Section id="returns-restock" heading={t.restockHeading}>
          <p>{t.restockText}</p>
        </Section>
        <Section id="returns-shipping" heading={t.shippingHeading}>
          <p>{t.shippingText}</p>
        </Section>
      </div>
      <p className="mt-10 max-w-3xl leading-relaxed text-slate-700">{t.questions}</p>
    </PageContainer>
  );
}
