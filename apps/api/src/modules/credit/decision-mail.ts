import type { CreditApplication } from '@pitstop/core/credit';
import { creditTexts } from '@pitstop/core/messages';
import { formatDollars } from '@pitstop/core/money';
import type { Mail } from '../../lib/mail.js';

/** The applicant's answer: approved with its limit and how to use it, or declined. */
export function creditDecisionMail(application: CreditApplication, publicUrl: string): Mail {
  const approved = application.status === 'approved';
  const body = approved
    ? [
        `Good news: your credit application for ${application.businessName} is approved with a limit of ${formatDollars(application.approvedLimit ?? 0)}.`,
        '',
        'At checkout, choose "Pay on account (net 30)": we ship at once and you pay each invoice within 30 days.',
        `Start here: ${publicUrl}/cart`,
      ]
    : [
        `Thank you for applying for credit for ${application.businessName}. We are not able to open an account for you at this time.`,
        '',
        `You can keep ordering and paying by card as before: ${publicUrl}/parts`,
      ];
  const text = [`Hello ${application.contactName},`, '', ...body, '', 'Pitstop Parts', ''].join('\n');
  return {
    to: application.email,
    subject: approved ? creditTexts.approvedSubject : creditTexts.declinedSubject,
    text,
  };
}
