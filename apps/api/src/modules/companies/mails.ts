import { COMPANY_ROLE_HELP, COMPANY_ROLE_NAMES, companyTexts } from '@pitstop/core/companies-texts';
import type { InvitedRole } from '@pitstop/core/companies';
import { formatDollars } from '@pitstop/core/money';
import type { Mail } from '../../lib/mail.js';

/** The invitation: who invites, to what, as what, and the link (sign in or register with this email). */
export function invitationMail(input: {
  to: string;
  company: string;
  inviter: string;
  role: InvitedRole;
  orderLimit: number | null;
  link: string;
  expiresAt: Date;
}): Mail {
  const limit =
    input.role === 'buyer'
      ? [
          input.orderLimit === null
            ? 'You may order without a limit.'
            : `Orders up to ${formatDollars(input.orderLimit)} go through at once; larger ones wait for an approver.`,
        ]
      : [];
  const text = [
    'Hello,',
    '',
    `${input.inviter} invites you to buy for ${input.company} at Pitstop Parts as ${COMPANY_ROLE_NAMES[input.role].toLowerCase()}.`,
    COMPANY_ROLE_HELP[input.role],
    ...limit,
    '',
    `Accept here (sign in or create an account with ${input.to}): ${input.link}`,
    `The link works until ${input.expiresAt.toISOString().slice(0, 10)}.`,
    '',
    'Pitstop Parts',
    '',
  ].join('\n');
  return { to: input.to, subject: companyTexts.invitationSubject(input.company), text };
}

/** Told when removed: access ended and every session signed out. */
export function removedMail(input: { to: string; name: string; company: string }): Mail {
  const text = [
    `Hello ${input.name},`,
    '',
    `You are no longer a member of ${input.company} at Pitstop Parts, and you were signed out everywhere.`,
    'Your own account stays: sign in again to order for yourself.',
    '',
    'Pitstop Parts',
    '',
  ].join('\n');
  return { to: input.to, subject: companyTexts.removedSubject(input.company), text };
}
