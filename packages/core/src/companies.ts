import { z } from 'zod';
import { AccountEmailSchema } from './accounts.js';
import { DeliveryAddressSchema } from './delivery-address.js';
import { companyTexts } from './companies-texts.js';
import { nameText, singleLineText } from './text.js';
import { OrderSchema } from './orders.js';

/*
 * Company accounts (issue #30, item 1): a business buying as one. The owner invites members by
 * email in a role; buyers have a per-order limit (dollars, null: none). Money in dollars here, as
 * every answer of the API; the server keeps cents.
 */

export const COMPANY_ROLE_VALUES = ['owner', 'buyer', 'approver', 'accountant'] as const;
export type CompanyRoleName = (typeof COMPANY_ROLE_VALUES)[number];
/** The roles an invitation may carry (an owner is made, not invited). */
export const INVITED_ROLES = ['buyer', 'approver', 'accountant'] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];

/** Most an order limit may be, in dollars. */
export const ORDER_LIMIT_MAX = 1_000_000;

const required = (message: string, max: number) =>
  nameText({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`);

/** A limit typed in a form arrives as text: empty is no limit (null). */
export const OrderLimitSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v.replace(/[$,\s]/g, '')) : v),
  z
    .number({ error: companyTexts.limitInvalid })
    .int(companyTexts.limitInvalid)
    .min(0, companyTexts.limitInvalid)
    .max(ORDER_LIMIT_MAX, companyTexts.limitInvalid)
    .nullable(),
);

export const CompanyInputSchema = z.object({
  name: required(companyTexts.nameRequired, 200),
  taxId: singleLineText({ error: companyTexts.taxIdRequired })
    .trim()
    .min(1, companyTexts.taxIdRequired)
    .max(40, companyTexts.taxIdRequired),
  billingAddress: DeliveryAddressSchema,
  poRequired: z.boolean().optional(),
});
export type CompanyInput = z.infer<typeof CompanyInputSchema>;
export type CompanyFormValues = z.input<typeof CompanyInputSchema>;

/** PATCH /api/company: any of the fields (owner only). */
export const CompanyUpdateSchema = CompanyInputSchema.partial();
export type CompanyUpdate = z.infer<typeof CompanyUpdateSchema>;

/** POST /api/admin/companies: a company for an existing customer, who becomes its owner. */
export const AdminCompanyInputSchema = CompanyInputSchema.extend({ ownerEmail: AccountEmailSchema });
export type AdminCompanyInput = z.infer<typeof AdminCompanyInputSchema>;

export const InvitationInputSchema = z.object({
  email: AccountEmailSchema,
  role: z.enum(INVITED_ROLES, { error: companyTexts.roleInvalid }),
  orderLimit: OrderLimitSchema.optional(),
});
export type InvitationInput = z.infer<typeof InvitationInputSchema>;
export type InvitationFormValues = z.input<typeof InvitationInputSchema>;

/** PATCH /api/company/members/:userId: a new role and/or (buyer) limit. */
export const MemberChangeSchema = z.object({
  role: z.enum(COMPANY_ROLE_VALUES, { error: companyTexts.roleInvalid }).optional(),
  orderLimit: OrderLimitSchema.optional(),
});
export type MemberChange = z.infer<typeof MemberChangeSchema>;

export const MemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLE_VALUES),
  orderLimit: z.number().nullable(),
  since: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

export const InvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITED_ROLES),
  orderLimit: z.number().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const CompanyAddressSchema = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
});

export const CompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  taxId: z.string(),
  billingAddress: CompanyAddressSchema.omit({ id: true }),
  poRequired: z.boolean(),
  taxExempt: z.boolean(),
  /** The caller's role in it. */
  role: z.enum(COMPANY_ROLE_VALUES),
  /** The caller's own order limit (buyers), dollars; null: none. */
  orderLimit: z.number().nullable(),
  members: z.array(MemberSchema),
  /** Waiting invitations (the owner's view; [] for other members). */
  invitations: z.array(InvitationSchema),
  /** Shared delivery addresses, usable at checkout by every member. */
  addresses: z.array(CompanyAddressSchema),
  /** The company's credit line, dollars; null: none yet. */
  credit: z.object({ limit: z.number(), used: z.number(), remaining: z.number() }).nullable(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

/** GET /api/company: the caller's company, or null when they belong to none. */
export const MyCompanySchema = z.object({ company: CompanySchema.nullable() });
export type MyCompany = z.infer<typeof MyCompanySchema>;

export const CompanyOrdersSchema = z.object({ orders: z.array(OrderSchema) });
export type CompanyOrders = z.infer<typeof CompanyOrdersSchema>;

/** GET /api/company/invitations/:token (public): what the join page shows before signing in. */
export const InvitationPreviewSchema = z.object({
  companyName: z.string(),
  role: z.enum(INVITED_ROLES),
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const InvitationTokenParamsSchema = z.object({
  token: singleLineText().min(20).max(100),
});
export const IdParamsSchema = z.object({ id: z.uuid() });
export const MemberParamsSchema = z.object({ userId: singleLineText().min(1).max(100) });

export const AdminCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  taxId: z.string(),
  ownerEmail: z.string().nullable(),
  members: z.number().int(),
  poRequired: z.boolean(),
  taxExempt: z.boolean(),
  createdAt: z.string(),
});
export type AdminCompany = z.infer<typeof AdminCompanySchema>;
export const AdminCompaniesSchema = z.object({ companies: z.array(AdminCompanySchema) });
export type AdminCompanies = z.infer<typeof AdminCompaniesSchema>;
