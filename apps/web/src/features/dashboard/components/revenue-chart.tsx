import type { Dashboard } from '@pitstop/core/admin';
import { formatDollars } from '@pitstop/core/money';
import { lazyDateFormat } from '@/lib/date-format';

type Day = NonNullable<Dashboard['admin']>['revenueByDay'][number];

const WIDTH = 320;
const HEIGHT = 120;
const GAP = 2;

const dayLabel = lazyDateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' → 'Mar 4' (read as UTC, so the day doesn't shift with the viewer's zone). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayLabel.format(date);
}

/**
 * This month's revenue per day as a small bar chart, drawn as inline SVG (no chart library:
 * the admin chunk stays small). The drawing is hidden from assistive technology; the same
 * figures are in a visually hidden table beside it.
 */
/**
 * The server lists only days with revenue; the chart shows every day of that month so one sale
 * doesn't fill the whole width.
 */
export function wholeMonth(days: Day[]): Day[] {
  const last = days.at(-1)?.day;
  const match = last ? /^(\d{4})-(\d{2})-\d{2}$/.exec(last) : null;
  if (!match) return days;
  const [, year, month] = match;
  const length = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  const byDay = new Map(days.map((d) => [d.day, d.revenue]));
  return Array.from({ length }, (_, i) => {
    const day = `${year}-${month}-${String(i + 1).padStart(2, '0')}`;
    return { day, revenue: byDay.get(day) ?? 0 };
  });
}

export function RevenueChart({ days: sales }: { days: Day[] }) {
  const days = wholeMonth(sales);
  if (!days.some((d) => d.revenue > 0)) {
    return <p className="text-slate-700">No revenue yet this month.</p>;
  }
  const max = Math.max(0, ...days.map((d) => d.revenue));
  const slot = days.length > 0 ? WIDTH / days.length : WIDTH;
  const barWidth = Math.max(1, slot - GAP);

  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full rounded-lg bg-slate-50"
        aria-hidden="true"
        focusable="false"
      >
        {days.map((d, i) => {
          const h = max > 0 ? Math.max(d.revenue > 0 ? 2 : 0, (d.revenue / max) * (HEIGHT - 8)) : 0;
          return (
            <rect
              key={d.day}
              x={i * slot + GAP / 2}
              y={HEIGHT - h}
              width={barWidth}
              height={h}
              rx={1}
              className="fill-red-700"
            >
              <title>{`${formatDay(d.day)}: ${formatDollars(d.revenue)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="text-sm text-slate-600">
        Revenue per day this month
        {days.length > 0 ? ` (${formatDay(days[0]?.day ?? '')} – ${formatDay(days.at(-1)?.day ?? '')})` : ''}
      </figcaption>
      <table className="sr-only">
        <caption>Revenue per day this month</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((d) => (
            <tr key={d.day}>
              <td>{formatDay(d.day)}</td>
              <td>{formatDollars(d.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
