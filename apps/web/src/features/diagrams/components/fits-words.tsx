import { diagramTexts } from '@pitstop/core/diagram-texts';
import type { CalloutPart } from '@pitstop/core/diagrams';

/** Whether the part fits the bike the diagram is for, as the API answered it. */
export function FitsWords({ part }: { part: Pick<CalloutPart, 'fits' | 'universal'> }) {
  const [text, colour] = part.universal
    ? [diagramTexts.universal, 'bg-slate-100 text-slate-800 ring-slate-200']
    : part.fits
      ? [diagramTexts.fits, 'bg-green-50 text-green-900 ring-green-200']
      : [diagramTexts.doesNotFit, 'bg-amber-50 text-amber-950 ring-amber-300'];
  return (
    <span className={`inline-flex rounded-lg px-2 py-1 text-xs font-semibold ring-1 ${colour}`}>{text}</span>
  );
}
