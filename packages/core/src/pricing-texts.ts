/**
 * Price tiers, sale prices and tax exemption (issue #30 item 5): the admin's Price lists and Sales
 * screens, the company's tax exemption page, the storefront's struck-through retail and the
 * server's refusals. Free of zod, so a screen can show them without it.
 */
export const TAX_EXEMPTION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type TaxExemptionStatus = (typeof TAX_EXEMPTION_STATUSES)[number];

/** Certificates: PDF, PNG or JPEG, at most this many bytes. */
export const TAX_CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;

export const pricingTexts = {
  // Storefront.
  wasPrice: 'Was',
  saleEnds: (when: string) => `Sale ends ${when}`,

  // Admin: price lists.
  priceListsNav: 'Price lists',
  priceListsHeading: 'Price lists',
  priceListsLead:
    'A price list gives a company or a customer a percent off by brand and/or category, and fixed prices for single parts. The most specific rule wins; a fixed price beats every rule; a running sale applies when it is lower.',
  loading: 'Loading',
  noPriceLists: 'No price lists yet.',
  name: 'Name',
  rules: 'Percent off rules',
  ruleBrand: 'Brand (empty: any)',
  ruleCategory: 'Category (empty: any)',
  rulePercent: 'Percent off',
  addRule: 'Add a rule',
  removeRule: 'Remove',
  fixedPrices: 'Fixed prices',
  fixedPartNumber: 'Part number',
  fixedPrice: 'Price ($)',
  addFixedPrice: 'Add a fixed price',
  save: 'Save',
  saved: 'Saved.',
  create: 'Create price list',
  newPriceList: 'New price list',
  edit: 'Edit',
  delete: 'Delete',
  deleteConfirm: (name: string) =>
    `Delete the price list "${name}"? Its companies and customers go back to retail.`,
  assignedTo: 'Assigned to',
  nobodyAssigned: 'Nobody yet',
  assign: 'Assign',
  assignHeading: 'Assign a price list',
  assignCompany: 'Company',
  assignEmail: 'Or a customer’s email',
  assignList: 'Price list',
  retail: 'Retail (no price list)',
  anyBrand: 'Any brand',
  anyCategory: 'Any category',

  // Admin: sales.
  salesNav: 'Sales',
  salesHeading: 'Sale prices',
  salesLead:
    'A sale lowers a part’s price for everyone from its start until its end; retail is shown struck through.',
  noSales: 'No sales running or planned.',
  salePart: 'Part number',
  salePrice: 'Sale price ($)',
  saleStarts: 'Starts',
  saleEnds2: 'Ends',
  saleRetail: 'Retail',
  saleStatus: 'Status',
  saleRunning: 'Running',
  saleUpcoming: 'Upcoming',
  saleEnded: 'Ended',
  addSale: 'Add sale',
  endSale: 'Remove',

  // Tax exemption.
  taxHeading: 'Tax exemption',
  taxLead:
    'Upload your resale or tax exemption certificate (PDF, PNG or JPEG, up to 5 MB). Once an admin approves it, your company’s orders carry no sales tax.',
  taxExempt: 'Your company is tax exempt: orders carry no sales tax.',
  taxNotExempt: 'Your company pays sales tax.',
  taxFile: 'Certificate',
  taxUpload: 'Upload certificate',
  taxUploaded: 'Uploaded. An admin will review it.',
  taxCertificates: 'Certificates',
  taxNone: 'No certificate uploaded yet.',
  taxView: 'View',
  taxStatusNames: {
    pending: 'Waiting for review',
    approved: 'Approved',
    declined: 'Declined',
  } satisfies Record<TaxExemptionStatus, string>,
  taxNoAccess: 'Only the company’s owner and accountants manage its tax exemption.',
  taxNoCompany: 'Tax exemption is for company accounts.',
  taxAdminNav: 'Tax exemptions',
  taxAdminHeading: 'Tax exemption certificates',
  taxAdminEmpty: 'No certificates.',
  taxCompany: 'Company',
  taxUploadedAt: 'Uploaded',
  approve: 'Approve',
  decline: 'Decline',

  // Refusals.
  listNameTaken: 'A price list with that name exists already.',
  unknownPriceList: 'That price list does not exist.',
  unknownPartNumber: (number: string) => `No part has the number ${number}.`,
  duplicateRule: 'Two rules have the same brand and category.',
  duplicatePart: 'That part has two fixed prices.',
  unknownBrand: 'No brand has that name.',
  percentRange: 'A percent off is between 0 and 100.',
  priceRange: 'A price is between $0 and $100,000.',
  assignOne: 'Choose a company or a customer’s email, not both.',
  unknownCompany: 'That company does not exist.',
  unknownCustomer: 'No customer has that email.',
  saleEndsAfterStart: 'The sale must end after it starts.',
  saleEndsInPast: 'That sale would already be over.',
  saleBelowRetail: 'A sale price must be lower than the part’s retail price.',
  saleOverlaps: 'That part is already on sale during those days.',
  unknownSale: 'That sale does not exist.',
  certificateType: 'Please upload a PDF, PNG or JPEG file.',
  certificateSize: 'A certificate may be at most 5 MB.',
  certificateMissing: 'Please choose a certificate file.',
  alreadyDecided: 'That certificate was already decided.',
  unknownCertificate: 'That certificate does not exist.',
} as const;
