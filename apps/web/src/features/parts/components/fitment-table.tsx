import type { Part } from '@pitstop/core/parts';
import { fitmentTexts, POSITION_LABELS, yearRangeLabel, yearRangesLabel } from '@pitstop/core/vehicle-fit';
import { naturalCompare } from '@/lib/natural-order';

type FitmentRow = Part['fitment'][number];

interface BikeGroup {
  make: string;
  model: string;
  rows: FitmentRow[];
}

/** One group per make and model, alphabetically; each group's rows by year, then position. */
export function groupFitment(rows: FitmentRow[]): BikeGroup[] {
  const groups = new Map<string, BikeGroup>();
  for (const row of rows) {
    const key = `${row.make}\u0000${row.model}`;
    const group = groups.get(key) ?? { make: row.make, model: row.model, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const byName = (a: BikeGroup, b: BikeGroup) =>
    naturalCompare(a.make, b.make) || naturalCompare(a.model, b.model);
  return [...groups.values()].sort(byName).map((group) => ({
    ...group,
    rows: [...group.rows].sort(
      (a, b) =>
        a.yearFrom - b.yearFrom || a.yearTo - b.yearTo || naturalCompare(a.position ?? '', b.position ?? ''),
    ),
  }));
}

/** A dash for the eye, a word for screen readers. */
function NoValue() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{fitmentTexts.noValue}</span>
    </>
  );
}

// Tight cells on phones: four columns must fit 360 px without scrolling.
const cellClass = 'border-b border-slate-200 px-2.5 py-2.5 align-top sm:px-4 sm:py-3';

interface FitmentTableProps {
  part: Pick<Part, 'universal' | 'fitment'>;
  /** The id of the heading that names the table. */
  labelledBy: string;
}

/**
 * Every bike a part fits, grouped by make and model ("Yamaha YZF-R15 V3 — 2018–2021") with the
 * position, quantity per bike and note of each fitment row. A universal part says so first; its
 * rows, if any, are the bikes it was made for.
 */
export function FitmentTable({ part, labelledBy }: FitmentTableProps) {
  const groups = groupFitment(part.fitment);

  return (
    <>
      {part.universal ? (
        <p className="rounded-xl bg-slate-100 px-4 py-3 font-medium text-slate-900">
          {fitmentTexts.universalLong}
        </p>
      ) : null}
      {groups.length > 0 ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full border-collapse text-left text-sm" aria-labelledby={labelledBy}>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={`${cellClass} font-semibold`}>
                  {fitmentTexts.years}
                </th>
                <th scope="col" className={`${cellClass} font-semibold`}>
                  {fitmentTexts.position}
                </th>
                <th scope="col" className={`${cellClass} font-semibold`}>
                  {/* "Qty" on phones leaves the note room; the header's name stays whole. */}
                  <span aria-hidden="true" className="sm:hidden">
                    {fitmentTexts.quantityShort}
                  </span>
                  <span className="sr-only sm:not-sr-only">{fitmentTexts.quantity}</span>
                </th>
                <th scope="col" className={`${cellClass} font-semibold`}>
                  {fitmentTexts.note}
                </th>
              </tr>
            </thead>
            {groups.map((group) => (
              <tbody key={`${group.make}\u0000${group.model}`} className="text-slate-900">
                <tr>
                  <th scope="rowgroup" colSpan={4} className={`${cellClass} bg-white font-semibold`}>
                    {group.make} {group.model}
                    <span className="font-normal text-slate-600"> — {yearRangesLabel(group.rows)}</span>
                  </th>
                </tr>
                {group.rows.map((row, index) => (
                  <tr key={index} className="bg-slate-50/50">
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {yearRangeLabel(row.yearFrom, row.yearTo)}
                    </td>
                    <td className={cellClass}>
                      {row.position ? POSITION_LABELS[row.position] : <NoValue />}
                    </td>
                    <td className={cellClass}>{row.quantity}</td>
                    <td className={`${cellClass} text-slate-700`}>{row.note ?? <NoValue />}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      ) : part.universal ? null : (
        <p className="text-slate-600">{fitmentTexts.fitmentNone}</p>
      )}
    </>
  );
}
