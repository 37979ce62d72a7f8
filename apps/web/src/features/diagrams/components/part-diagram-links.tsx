import { Link } from 'react-router';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import type { DiagramBike } from '@pitstop/core/diagram-paths';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import type { PartDiagramLink } from '@pitstop/core/diagrams';
import { usePartDiagrams } from '../api/get-part-diagrams';

/** "Front brake caliper · Yamaha MT-07 2018–2020 · number 7" */
function linkDetail(link: PartDiagramLink): string {
  return diagramScreenTexts.onDiagram(
    link.name,
    `${link.make} ${link.model} ${diagramScreenTexts.yearsLabel(link.yearFrom, link.yearTo)}`,
    link.number,
  );
}

/**
 * "See it on the diagram" on the part page: the diagrams the part is on, the rider's bike's
 * first (the API puts them first and links them for that bike's year). Nothing when it is on none.
 */
export function PartDiagramLinks({ partId, bike }: { partId: string; bike: DiagramBike | null }) {
  const links = usePartDiagrams(partId, bike).data ?? [];
  const [first, ...others] = links;
  if (!first) return null;
  return (
    <nav
      aria-label={diagramTexts.seeOnDiagram}
      className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-slate-50 p-4"
    >
      <Link
        to={first.path}
        className="text-base font-semibold text-red-700 underline underline-offset-4 hover:text-red-800"
      >
        {diagramTexts.seeOnDiagram}
      </Link>
      <p className="text-sm text-slate-600">{linkDetail(first)}</p>
      {others.length > 0 ? (
        <ul className="mt-1 flex flex-col gap-1 text-sm">
          {others.map((link) => (
            <li key={`${link.assemblyId}-${link.path}`}>
              <Link
                to={link.path}
                className="text-slate-700 underline underline-offset-2 hover:text-slate-900"
              >
                {linkDetail(link)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </nav>
  );
}
