import { activityTexts } from '@pitstop/core/activity-texts';
import type { ActivityEntry } from '@pitstop/core/audit';

/** A recorded value as one short line: text as it is, anything else as JSON, long ones cut. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return activityTexts.empty_value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** "price: 49.5 → 54.25" for a field that changed; "email: …" for one that names the record. */
export function changeLines(entry: Pick<ActivityEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => {
    const had = key in before;
    const has = key in after;
    if (had && has && JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      return activityTexts.from_to(key, shown(before[key]), shown(after[key]));
    }
    return activityTexts.only(key, shown(has ? after[key] : before[key]));
  });
}

export function ActivityChanges({ entry }: { entry: ActivityEntry }) {
  const lines = changeLines(entry);
  if (lines.length === 0) return <span className="text-slate-500">{activityTexts.noChanges}</span>;
  return (
    <ul className="flex min-w-0 flex-col gap-0.5">
      {lines.map((line) => (
        // anywhere, not break-word: it also narrows the cell's minimum width, so a long picture
        // address or id wraps instead of widening the table past the screen (a scroll box).
        <li key={line} className="[overflow-wrap:anywhere]">
          {line}
        </li>
      ))}
    </ul>
  );
}
