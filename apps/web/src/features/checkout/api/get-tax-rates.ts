import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxRates } from '@pitstop/core/checkout';
import { apiGet } from '@/lib/api-client';
import { checkoutKeys } from './checkout-query-keys';

/** GET /api/tax-rates: sales tax in percent per state; a state not listed pays none. */
export function getTaxRates(signal?: AbortSignal): Promise<TaxRates> {
  return apiGet<TaxRates>('/tax-rates', { signal });
}

export function getTaxRatesQueryOptions() {
  return queryOptions({
    queryKey: checkoutKeys.taxRates(),
    queryFn: ({ signal }) => getTaxRates(signal),
    // Configuration, not data that moves while someone checks out.
    staleTime: 60 * 60 * 1000,
  });
}

export function useTaxRates() {
  return useQuery(getTaxRatesQueryOptions());
}
