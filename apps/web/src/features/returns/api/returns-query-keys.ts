import type { ReturnStatus } from '@pitstop/core/order-detail';

/** The one place the returns feature's query keys are spelled. */
export const returnsKeys = {
  all: ['returns'] as const,
  /** GET /api/returns (admins), every filter. */
  lists: () => [...returnsKeys.all, 'list'] as const,
  list: (status: ReturnStatus | undefined) => [...returnsKeys.lists(), status ?? 'all'] as const,
};
