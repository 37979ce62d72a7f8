import { z } from 'zod';
import { multiLineText, singleLineText } from './text.js';
import { RETURN_REASONS, RETURN_STATUSES, ReturnSchema } from './order-detail.js';

/*
 * Returns (issue #26, item 6): a customer asks to send delivered parts back, an admin approves or
 * declines, and marks them received (restocked or not), which refunds them. The rules and their
 * messages, used by the forms and the routes alike; what only the server can check (ownership,
 * delivery, the window, how many units are left to return) is in the returns service.
 */

export const RETURN_NOTE_MAX = 1000;
export const RETURN_PHOTOS_MAX = 5;
export const DECLINE_REASON_MAX = 500;

/** The API's answers about returns and the subjects of its mails. */
export const returnTexts = {
  linesRequired: 'Choose at least one part to return',
  lineUnknown: 'This part is not in this order',
  lineTwice: 'This part is listed twice: list it once, with the whole quantity',
  quantityInvalid: 'Enter a whole number of 1 or more',
  quantityOverReturnable: (max: number) =>
    max === 0 ? 'Nothing of this part is left to return' : `You can return at most ${max} of this part`,
  reasonRequired: 'Choose why you are returning the parts',
  noteTooLong: `Use at most ${RETURN_NOTE_MAX} characters`,
  photosTooMany: `Add at most ${RETURN_PHOTOS_MAX} photos`,
  photoNotUploaded: 'Upload the photo first',
  notDelivered: (status: string) => `We can only return a delivered order; this one is ${status}.`,
  windowClosed: (lastDay: string) => `The time to return parts of this order ended on ${lastDay}.`,
  notFound: 'We could not find that return.',
  cannotApprove: (status: string) => `Only a requested return can be approved; this one is ${status}.`,
  cannotDecline: (status: string) => `Only a requested return can be declined; this one is ${status}.`,
  cannotReceive: (status: string) =>
    status === 'refunded'
      ? 'This return was already received and refunded.'
      : `Only an approved return can be marked received; this one is ${status}.`,
  declineReasonRequired: 'Say why the return is declined',
  declineReasonTooLong: `Use at most ${DECLINE_REASON_MAX} characters`,
  restockRequired: 'Say whether the parts go back on sale',
  refundFailed: (reason: string) =>
    `The refund did not go through, so the return was not marked received: ${reason} Please try again.`,
  requestedSubject: (label: string) => `We received your return request ${label}`,
  shopNoticeSubject: (label: string) => `Return requested: ${label}`,
  approvedSubject: (label: string) => `Your return ${label} is approved: how to send the parts`,
  declinedSubject: (label: string) => `About your return ${label}`,
  refundedSubject: (label: string) => `Your return ${label} is refunded`,
} as const;

const quantity = z
  .number({ error: returnTexts.quantityInvalid })
  .int(returnTexts.quantityInvalid)
  .min(1, returnTexts.quantityInvalid)
  .max(100_000, returnTexts.quantityInvalid);

/** One order line to send back, and how many of its units. */
export const ReturnLineInputSchema = z.object({
  lineId: z.uuid({ error: returnTexts.lineUnknown }),
  quantity,
});

/** POST /api/orders/:number/returns: the customer's request. */
export const CreateReturnSchema = z.object({
  lines: z
    .array(ReturnLineInputSchema, { error: returnTexts.linesRequired })
    .min(1, returnTexts.linesRequired)
    .max(500, returnTexts.linesRequired)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((line, i) => {
        if (seen.has(line.lineId)) {
          ctx.addIssue({ code: 'custom', path: [i, 'lineId'], message: returnTexts.lineTwice });
        }
        seen.add(line.lineId);
      });
    }),
  reason: z.enum(RETURN_REASONS, { error: returnTexts.reasonRequired }),
  note: multiLineText({ error: returnTexts.noteTooLong })
    .trim()
    .max(RETURN_NOTE_MAX, returnTexts.noteTooLong)
    .default(''),
  /** Addresses POST /api/uploads answered; the server accepts only ones its store holds. */
  photos: z
    .array(singleLineText().max(300, returnTexts.photoNotUploaded), { error: returnTexts.photoNotUploaded })
    .max(RETURN_PHOTOS_MAX, returnTexts.photosTooMany)
    .default([]),
});
export type CreateReturnInput = z.input<typeof CreateReturnSchema>;
export type CreateReturn = z.infer<typeof CreateReturnSchema>;

/**
 * The order page's request form: a quantity for every line (empty or 0 leaves it out, up to what
 * is left to return of it), the reason, a note and the photos' addresses. Built for the lines at
 * hand, with the same messages as the API's rules, each field checked on its own so every mistake
 * shows at once; it parses into the API's body.
 */
export function returnRequestFormSchema(returnable: Record<string, number>) {
  const units = (text: string) => (text.trim() === '' ? 0 : Number(text.trim()));
  return z
    .object({
      quantities: z
        .record(
          singleLineText(),
          singleLineText().refine((text) => /^\s*\d{0,6}\s*$/.test(text), returnTexts.quantityInvalid),
        )
        .superRefine((quantities, ctx) => {
          const entries = Object.entries(quantities).filter(([, text]) => /^\s*\d{0,6}\s*$/.test(text));
          for (const [lineId, text] of entries) {
            const max = returnable[lineId] ?? 0;
            if (units(text) > max) {
              ctx.addIssue({
                code: 'custom',
                path: [lineId],
                message: returnTexts.quantityOverReturnable(max),
              });
            }
          }
          if (!Object.values(quantities).some((text) => /^\s*\d{1,6}\s*$/.test(text) && units(text) > 0)) {
            ctx.addIssue({ code: 'custom', message: returnTexts.linesRequired });
          }
        }),
      reason: z.enum(RETURN_REASONS, { error: returnTexts.reasonRequired }),
      note: multiLineText().trim().max(RETURN_NOTE_MAX, returnTexts.noteTooLong),
      photos: z.array(singleLineText()).max(RETURN_PHOTOS_MAX, returnTexts.photosTooMany),
    })
    .transform((values): CreateReturn => ({
      lines: Object.entries(values.quantities)
        .map(([lineId, text]) => ({ lineId, quantity: units(text) }))
        .filter((line) => line.quantity > 0),
      reason: values.reason,
      note: values.note,
      photos: values.photos,
    }));
}
export type ReturnRequestFormValues = z.input<ReturnType<typeof returnRequestFormSchema>>;

/** POST /api/returns/:id/decline (admins): why, as the customer will read it. */
export const DeclineReturnSchema = z.object({
  reason: multiLineText({ error: returnTexts.declineReasonRequired })
    .trim()
    .min(1, returnTexts.declineReasonRequired)
    .max(DECLINE_REASON_MAX, returnTexts.declineReasonTooLong),
});
export type DeclineReturnInput = z.infer<typeof DeclineReturnSchema>;

/** POST /api/returns/:id/receive (admins): whether the parts go back on sale. */
export const ReceiveReturnSchema = z.object({
  restock: z.boolean({ error: returnTexts.restockRequired }),
});
export type ReceiveReturnInput = z.infer<typeof ReceiveReturnSchema>;

export const ReturnIdParamsSchema = z.object({ id: z.uuid({ error: returnTexts.notFound }) });

/** GET /api/returns (admins): the Returns queue, optionally of one status. */
export const ReturnsQuerySchema = z.object({ status: z.enum(RETURN_STATUSES).optional() });
export type ReturnsQuery = z.infer<typeof ReturnsQuerySchema>;

/** A return in the admins' queue: the return and whose it is. */
export const ReturnQueueItemSchema = ReturnSchema.extend({
  customer: z.object({ name: z.string(), email: z.string() }),
});
export type ReturnQueueItem = z.infer<typeof ReturnQueueItemSchema>;
