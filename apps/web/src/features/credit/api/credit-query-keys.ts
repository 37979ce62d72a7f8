import type { CreditApplicationStatus } from '@pitstop/core/credit';

/** The one place the credit feature's query keys are spelled. */
export const creditKeys = {
  all: ['credit'] as const,
  /** GET /api/credit: the signed-in customer's application and credit line. */
  mine: () => [...creditKeys.all, 'mine'] as const,
  /** GET /api/credit-applications (admins), every filter. */
  applicationLists: () => [...creditKeys.all, 'applications'] as const,
  applications: (status: CreditApplicationStatus | undefined) =>
    [...creditKeys.applicationLists(), status ?? 'all'] as const,
};
