import { numberMatchText } from '@pitstop/core/part-number-match-texts';
import type { NumberMatch } from '@pitstop/core/part-numbers';

/**
 * Why a search found a part when one of its other numbers matched ("OEM Yamaha B7B-H4300-00",
 * "Replaces 4C8-84310-00"), under its name on a part card and in the header's suggestions.
 * Nothing when the part's name or own number matched.
 */
export function NumberMatchNote({
  match,
  className,
}: {
  match: NumberMatch | null | undefined;
  className: string;
}) {
  return match ? (
    <span className={className}>{numberMatchText(match.kind, match.brand, match.number)}</span>
  ) : null;
}
