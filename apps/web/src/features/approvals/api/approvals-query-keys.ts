/** The one place the approvals feature's query keys are spelled. */
export const approvalsKeys = {
  all: ['approvals'] as const,
  /** GET /api/company/approvals: the company's orders waiting for approval. */
  queue: () => [...approvalsKeys.all, 'queue'] as const,
  /** GET /api/company, as far as ordering needs it (PO required, role). */
  terms: () => [...approvalsKeys.all, 'company-terms'] as const,
};
