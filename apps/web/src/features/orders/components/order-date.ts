import { mediumDate } from '@/lib/date-format';

/** "Dec 23, 2026" for an order's dates (placed, paid, due, …); "—" for none or a bad one. */
export function orderDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : mediumDate(date);
}
