/**
 * "3:42 PM" in the customer's own locale and time zone, for an unpaid order's deadline. Here and
 * not beside formatDollars in @pitstop/core/money: that is shared with the server, and this must
 * read the viewer's clock.
 */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}
