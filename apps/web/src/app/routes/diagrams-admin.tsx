import { Link, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts } from '@pitstop/core/diagrams';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import {
  useAdminAssemblies,
  useAdminAssembly,
  type AdminDiagramsFilter,
} from '@/features/diagrams/api/admin-diagrams';
import { AdminAssemblyList } from '@/features/diagrams/components/admin-assembly-list';
import { AssemblyEditor } from '@/features/diagrams/components/assembly-editor';
import { AssemblyForm } from '@/features/diagrams/components/assembly-form';
import { DiagramsImportExport } from '@/features/diagrams/components/diagrams-import-export';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { DIAGRAMS_ADMIN_PATH, diagramEditHref } from '../dashboard-paths';

const heading = 'text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl';

/** The list's bike filter, kept in the address (?make=&model=&year=). */
function useBikeFilter(): [AdminDiagramsFilter, (next: AdminDiagramsFilter) => void] {
  const [params, setParams] = useSearchParams();
  const year = Number(params.get('year'));
  const filter: AdminDiagramsFilter = {
    ...(params.get('make') ? { make: params.get('make')! } : {}),
    ...(params.get('model') ? { model: params.get('model')! } : {}),
    ...(Number.isInteger(year) && year > 0 ? { year } : {}),
  };
  const set = (next: AdminDiagramsFilter) => {
    const search = new URLSearchParams();
    if (next.make) search.set('make', next.make);
    if (next.model) search.set('model', next.model);
    if (next.year) search.set('year', String(next.year));
    setParams(search);
  };
  return [filter, set];
}

function BikeFilter({
  filter,
  onChange,
}: {
  filter: AdminDiagramsFilter;
  onChange: (f: AdminDiagramsFilter) => void;
}) {
  return (
    <form
      aria-label={diagramScreenTexts.bikeFilter}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const text = (name: string) => String(data.get(name) ?? '').trim();
        onChange({
          ...(text('make') ? { make: text('make') } : {}),
          ...(text('model') ? { model: text('model') } : {}),
          ...(Number(text('year')) ? { year: Number(text('year')) } : {}),
        });
      }}
    >
      {(
        [
          ['make', diagramScreenTexts.make, filter.make],
          ['model', diagramScreenTexts.model, filter.model],
          ['year', diagramScreenTexts.year, filter.year],
        ] as const
      ).map(([name, label, value]) => (
        <label key={name} className="flex flex-col gap-1.5 text-sm font-semibold text-slate-800">
          {label}
          <input
            name={name}
            defaultValue={value ?? ''}
            inputMode={name === 'year' ? 'numeric' : undefined}
            className={`${inputClass} w-40`}
          />
        </label>
      ))}
      <button type="submit" className={buttonStyles('secondary', 'md')}>
        {diagramScreenTexts.applyFilter}
      </button>
      <button type="button" className={buttonStyles('ghost', 'md')} onClick={() => onChange({})}>
        {diagramScreenTexts.allBikes}
      </button>
    </form>
  );
}

function AssembliesScreen() {
  useDocumentMeta(diagramTexts.adminHeading, 'Parts diagrams — Pitstop Parts dashboard.');
  const [filter, setFilter] = useBikeFilter();
  const list = useAdminAssemblies(filter);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={heading}>{diagramTexts.adminHeading}</h1>
        <Link to={`${DIAGRAMS_ADMIN_PATH}/new`} className={buttonStyles('primary', 'md')}>
          {diagramTexts.newAssembly}
        </Link>
      </div>
      <DiagramsImportExport filter={filter} />
      <BikeFilter key={JSON.stringify(filter)} filter={filter} onChange={setFilter} />
      {list.isPending ? (
        <Spinner label={diagramTexts.adminHeading} className="py-10" />
      ) : list.isError ? (
        <QueryError onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <AdminAssemblyList assemblies={list.data} editHref={diagramEditHref} />
      )}
    </div>
  );
}

function BackLink() {
  return (
    <Link
      to={DIAGRAMS_ADMIN_PATH}
      className="text-sm font-semibold text-red-700 underline underline-offset-4"
    >
      ← {diagramScreenTexts.backToList}
    </Link>
  );
}

function NewAssemblyScreen() {
  useDocumentMeta(diagramTexts.newAssembly, 'Parts diagrams — Pitstop Parts dashboard.');
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      <h1 className={heading}>{diagramTexts.newAssembly}</h1>
      <AssemblyForm onSaved={(saved) => void navigate(diagramEditHref(saved.id), { replace: true })} />
    </div>
  );
}

function EditAssemblyScreen() {
  const { id = '' } = useParams();
  const query = useAdminAssembly(id);
  useDocumentMeta(query.data?.name ?? diagramTexts.editAssembly, 'Parts diagrams — Pitstop Parts dashboard.');
  if (query.isPending) return <Spinner label={diagramTexts.editAssembly} className="py-10" />;
  if (query.isError) return <QueryError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const assembly = query.data;
  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      <h1 className={heading}>{assembly.name}</h1>
      <p className="text-slate-600">
        {assembly.make} {assembly.model} {diagramScreenTexts.yearsLabel(assembly.yearFrom, assembly.yearTo)}
      </p>
      <AssemblyEditor assembly={assembly} />
      <details className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
        <summary className="cursor-pointer font-semibold text-slate-900">{diagramTexts.editAssembly}</summary>
        <div className="mt-4">
          <AssemblyForm assembly={assembly} onSaved={() => undefined} />
        </div>
      </details>
    </div>
  );
}

/** /dashboard/diagrams (admins): the assemblies per bike, a new one, and one's callout editor. */
export function DiagramsAdminRoute() {
  return (
    <Routes>
      <Route index element={<AssembliesScreen />} />
      <Route path="new" element={<NewAssemblyScreen />} />
      <Route path=":id" element={<EditAssemblyScreen />} />
    </Routes>
  );
}
