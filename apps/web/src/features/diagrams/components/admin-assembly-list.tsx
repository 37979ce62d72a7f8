import { Link } from 'react-router';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramPicture, diagramTexts, type AssemblySummary } from '@pitstop/core/diagrams';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { problemText } from '@/lib/error-text';
import { useDeleteAssembly } from '../api/admin-diagrams';

/** The assemblies grouped by bike (make, model, years), each bike's in their list order. */
export function groupByBike(
  assemblies: AssemblySummary[],
): { bike: string; assemblies: AssemblySummary[] }[] {
  const groups = new Map<string, AssemblySummary[]>();
  const sorted = [...assemblies].sort(
    (a, b) =>
      a.make.localeCompare(b.make) ||
      a.model.localeCompare(b.model) ||
      a.yearFrom - b.yearFrom ||
      a.yearTo - b.yearTo ||
      a.position - b.position ||
      a.name.localeCompare(b.name),
  );
  for (const a of sorted) {
    const bike = `${a.make} ${a.model} ${diagramScreenTexts.yearsLabel(a.yearFrom, a.yearTo)}`;
    groups.set(bike, [...(groups.get(bike) ?? []), a]);
  }
  return [...groups].map(([bike, list]) => ({ bike, assemblies: list }));
}

/** The admin's assemblies, per bike: open one to place its callouts, or delete it. */
export function AdminAssemblyList({
  assemblies,
  editHref,
}: {
  assemblies: AssemblySummary[];
  editHref: (id: string) => string;
}) {
  const remove = useDeleteAssembly();
  if (assemblies.length === 0)
    return <p className="text-slate-600">{diagramScreenTexts.noAdminAssemblies}</p>;
  return (
    <div className="flex flex-col gap-8">
      <ErrorNotice
        message={remove.error ? problemText(remove.error, 'The assembly could not be deleted.') : null}
      />
      {groupByBike(assemblies).map((group) => (
        <section key={group.bike} aria-label={group.bike} className="flex flex-col gap-3">
          <h2 className="text-lg font-bold text-slate-900">{group.bike}</h2>
          <ul className="flex flex-col divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {group.assemblies.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-3 p-3">
                <img
                  src={diagramPicture(a.image).copies[0]?.url ?? diagramPicture(a.image).src}
                  width={64}
                  height={48}
                  alt=""
                  className="h-12 w-16 rounded border border-slate-200 object-contain"
                />
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="font-semibold text-slate-900">{a.name}</span>
                  <span className="text-sm text-slate-600">
                    {a.slug} · {diagramTexts.callouts(a.calloutCount)}
                  </span>
                </div>
                <Link
                  to={editHref(a.id)}
                  className={buttonStyles('secondary', 'sm')}
                  aria-label={`${diagramScreenTexts.open}: ${a.name}`}
                >
                  {diagramScreenTexts.open}
                </Link>
                <button
                  type="button"
                  className={buttonStyles('ghost', 'sm')}
                  disabled={remove.isPending}
                  aria-label={`${diagramTexts.deleteAssembly}: ${a.name}`}
                  onClick={() => {
                    if (window.confirm(diagramTexts.deleteAssemblyConfirm(a.name))) remove.mutate(a.id);
                  }}
                >
                  {diagramTexts.deleteAssembly}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
