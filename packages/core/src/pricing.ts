import { z } from 'zod';
import { nameText, singleLineText } from './text.js';
import { pricingTexts, TAX_EXEMPTION_STATUSES } from './pricing-texts.js';

/**
 * Price tiers and sale prices (issue #30 item 5). Money in dollars as every answer of the API,
 * stored in cents; a percent off in percent (12.5), stored in basis points.
 */
const dollars = z
  .number({ message: pricingTexts.priceRange })
  .min(0, { message: pricingTexts.priceRange })
  .max(100_000, { message: pricingTexts.priceRange })
  .refine((n) => Number.isInteger(Math.round(n * 100 * 1e6) / 1e6), { message: pricingTexts.priceRange });

// nullable(), not a union with null: a union's refusal says only "Invalid input", not which rule.
const optionalName = singleLineText()
  .trim()
  .max(80)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const PriceListRuleInputSchema = z.object({
  brand: optionalName,
  category: optionalName,
  percentOff: z
    .number({ message: pricingTexts.percentRange })
    .min(0, { message: pricingTexts.percentRange })
    .max(100, { message: pricingTexts.percentRange }),
});

export const PriceListPriceInputSchema = z.object({
  partNumber: singleLineText().trim().min(1).max(80),
  price: dollars,
});

export const PriceListInputSchema = z.object({
  name: nameText().trim().min(1).max(80),
  rules: z.array(PriceListRuleInputSchema).max(200).default([]),
  prices: z.array(PriceListPriceInputSchema).max(5_000).default([]),
});
export type PriceListInput = z.infer<typeof PriceListInputSchema>;

export const PriceListSchema = z.object({
  id: z.string(),
  name: z.string(),
  rules: z.array(
    z.object({ brand: z.string().nullable(), category: z.string().nullable(), percentOff: z.number() }),
  ),
  prices: z.array(
    z.object({
      partId: z.string(),
      partNumber: z.string(),
      name: z.string(),
      retail: z.number(),
      price: z.number(),
    }),
  ),
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
  customers: z.array(z.object({ id: z.string(), email: z.string() })),
});
export type PriceList = z.infer<typeof PriceListSchema>;

export const PriceListParamsSchema = z.object({ id: z.uuid({ message: pricingTexts.unknownPriceList }) });

/** Assign a price list (null: back to retail) to a company or to one customer by email. */
export const PriceListAssignmentSchema = z.object({
  priceListId: z.uuid({ message: pricingTexts.unknownPriceList }).nullable(),
  companyId: z.uuid({ message: pricingTexts.unknownCompany }).optional(),
  email: singleLineText().trim().toLowerCase().max(254).optional(),
});
export type PriceListAssignment = z.infer<typeof PriceListAssignmentSchema>;

export const SaleInputSchema = z.object({
  partNumber: singleLineText().trim().min(1).max(80),
  salePrice: dollars,
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});
export type SaleInput = z.infer<typeof SaleInputSchema>;

export const SaleSchema = z.object({
  id: z.string(),
  partId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  retail: z.number(),
  salePrice: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type Sale = z.infer<typeof SaleSchema>;

export const TaxExemptionSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  fileName: z.string(),
  status: z.enum(TAX_EXEMPTION_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TaxExemption = z.infer<typeof TaxExemptionSchema>;

export const CompanyTaxExemptionSchema = z.object({
  taxExempt: z.boolean(),
  certificates: z.array(TaxExemptionSchema),
});
export type CompanyTaxExemption = z.infer<typeof CompanyTaxExemptionSchema>;

export const TaxExemptionDecisionSchema = z.object({ decision: z.enum(['approved', 'declined']) });
export const TaxExemptionParamsSchema = z.object({
  id: z.uuid({ message: pricingTexts.unknownCertificate }),
});
export const TaxExemptionListQuerySchema = z.object({ status: z.enum(TAX_EXEMPTION_STATUSES).optional() });

export { pricingTexts, TAX_EXEMPTION_STATUSES, TAX_CERTIFICATE_MAX_BYTES } from './pricing-texts.js';
