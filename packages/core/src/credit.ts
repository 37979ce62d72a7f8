import { z } from 'zod';
import { nameText, singleLineText } from './text.js';
import { AccountEmailSchema } from './accounts.js';
import { usPhoneValid } from './checkout.js';
import { creditTexts } from './messages.js';

export const CREDIT_APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type CreditApplicationStatus = (typeof CREDIT_APPLICATION_STATUSES)[number];

/** The highest limit anyone may ask for or be granted, in dollars. */
export const CREDIT_LIMIT_MAX = 1_000_000;
export const CREDIT_REQUEST_MIN = 100;

const required = (message: string, max: number) =>
  nameText({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`);

/** A number typed in a form arrives as text; an empty field is no number at all. */
const numberFromField = (schema: z.ZodNumber, message: string) =>
  z.preprocess(
    (v) =>
      v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.replace(/[$,\s]/g, '')) : v,
    schema.refine(Number.isFinite, message),
  );

/**
 * An Employer Identification Number as the IRS prints it, NN-NNNNNNN. Nine digits typed without the
 * dash are accepted and stored with it; "00" is no IRS prefix.
 */
export const EinSchema = singleLineText({ error: creditTexts.einInvalid })
  .trim()
  .transform((v) => (/^\d{9}$/.test(v) ? `${v.slice(0, 2)}-${v.slice(2)}` : v))
  .pipe(
    z
      .string()
      .regex(/^\d{2}-\d{7}$/, creditTexts.einInvalid)
      .refine((v) => !v.startsWith('00'), creditTexts.einInvalid),
  );

/** POST /api/credit-applications: the /credit form; the same rules run in the form and the route. */
export const CreditApplicationInputSchema = z.object({
  businessName: required(creditTexts.businessNameRequired, 200),
  contactName: required(creditTexts.contactNameRequired, 100),
  email: AccountEmailSchema,
  phone: singleLineText({ error: creditTexts.phoneInvalid })
    .trim()
    .max(30, creditTexts.phoneInvalid)
    .refine(usPhoneValid, creditTexts.phoneInvalid),
  ein: EinSchema,
  yearsInBusiness: numberFromField(
    z
      .number({ error: creditTexts.yearsInvalid })
      .int(creditTexts.yearsInvalid)
      .min(0, creditTexts.yearsInvalid)
      .max(200, creditTexts.yearsInvalid),
    creditTexts.yearsInvalid,
  ),
  /** Whole dollars. */
  requestedLimit: numberFromField(
    z
      .number({ error: creditTexts.requestedLimitInvalid })
      .int(creditTexts.requestedLimitInvalid)
      .min(CREDIT_REQUEST_MIN, creditTexts.requestedLimitInvalid)
      .max(CREDIT_LIMIT_MAX, creditTexts.requestedLimitInvalid),
    creditTexts.requestedLimitInvalid,
  ),
});
export type CreditApplicationFormValues = z.input<typeof CreditApplicationInputSchema>;
export type CreditApplicationInput = z.infer<typeof CreditApplicationInputSchema>;

/** A stored application, as its applicant and the admins see it (dollars). */
export const CreditApplicationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  businessName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  ein: z.string(),
  yearsInBusiness: z.number().int(),
  requestedLimit: z.number(),
  status: z.enum(CREDIT_APPLICATION_STATUSES),
  /** The granted limit, once approved. */
  approvedLimit: z.number().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CreditApplication = z.infer<typeof CreditApplicationSchema>;

/** One page of applications, newest first; `next` is the cursor of the next (older) page, null at the end. */
export const CreditApplicationPageSchema = z.object({
  items: z.array(CreditApplicationSchema),
  next: z.string().nullable(),
});
export type CreditApplicationPage = z.infer<typeof CreditApplicationPageSchema>;

/** PATCH /api/credit-applications/:id (admins): approve with a limit in dollars, or decline. */
export const CreditDecisionSchema = z.discriminatedUnion(
  'status',
  [
    z.object({
      status: z.literal('approved'),
      limit: numberFromField(
        z
          .number({ error: creditTexts.approvedLimitInvalid })
          .min(1, creditTexts.approvedLimitInvalid)
          .max(CREDIT_LIMIT_MAX, creditTexts.approvedLimitInvalid)
          .multipleOf(0.01, creditTexts.approvedLimitInvalid),
        creditTexts.approvedLimitInvalid,
      ),
    }),
    z.object({ status: z.literal('declined') }),
  ],
  { error: creditTexts.decisionInvalid },
);
export type CreditDecisionInput = z.input<typeof CreditDecisionSchema>;
export type CreditDecision = z.infer<typeof CreditDecisionSchema>;

export const CreditApplicationIdParamsSchema = z.object({
  id: z.uuid({ message: creditTexts.applicationNotFound }),
});

/** GET /api/credit-applications (admins): filter by status. */
/** How many applications the admin's screen shows at a time. */
export const CREDIT_APPLICATIONS_PAGE_SIZE = 50;

/**
 * GET /api/credit-applications (admins): newest first, `status` filters; `before` is the cursor
 * of the last application of the previous page (keyset on created_at, id), so a list of any
 * length is read a page at a time.
 */
export const CreditApplicationsQuerySchema = z.object({
  status: z.enum(CREDIT_APPLICATION_STATUSES).optional(),
  before: singleLineText()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a page of this list')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CREDIT_APPLICATIONS_PAGE_SIZE),
});
export type CreditApplicationsQuery = z.infer<typeof CreditApplicationsQuerySchema>;

/**
 * GET /api/credit: where the signed-in customer stands. `account` is set once an application was
 * approved: the limit, what open on-account orders use of it, and what is left (dollars).
 */
export const CreditStatusSchema = z.object({
  application: CreditApplicationSchema.nullable(),
  account: z
    .object({
      limit: z.number(),
      used: z.number(),
      remaining: z.number(),
    })
    .nullable(),
});
export type CreditStatus = z.infer<typeof CreditStatusSchema>;
