import { mediumDateOf } from '@/lib/date-format';

/** "Dec 23, 2026" for an order's dates (placed, paid, due, …); "—" for none or a bad one. */
export function orderDate(iso: string | null | undefined): string {
  return mediumDateOf(iso) ?? '—';
}
