import { brandsTexts, type Brand } from '@pitstop/core/brands';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useBrands } from '@/features/brands/api/get-brands';
import { usePart } from '@/features/parts/api/get-part';
import { PartForm } from '@/features/parts/components/part-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isApiError } from '@/lib/api-client';
import { CATALOGUE_PATH } from '../dashboard-paths';

function Heading({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-2">
      <p>
        <Link to={CATALOGUE_PATH} className="text-sm font-semibold text-red-700 underline">
          Back to the catalogue
        </Link>
      </p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
    </div>
  );
}

function useBackToCatalogue() {
  const navigate = useNavigate();
  return (notice: string) => void navigate(CATALOGUE_PATH, { state: { notice } });
}

/** The brands the form offers (brands are data): the form waits for them. */
function BrandsThen({ children }: { children: (brands: Brand[]) => ReactNode }) {
  const brands = useBrands();
  if (brands.isPending) return <Spinner label={brandsTexts.loading} className="py-16" />;
  if (brands.isError)
    return <QueryError onRetry={() => void brands.refetch()} retrying={brands.isFetching} />;
  return children(brands.data);
}

/** /dashboard/parts/new (admins only). */
export function NewPartRoute() {
  useDocumentMeta('Add part', 'Add a part — Pitstop Parts dashboard.');
  const back = useBackToCatalogue();
  return (
    <div className="flex flex-col gap-6">
      <Heading title="Add part" />
      <BrandsThen>
        {(brands) => <PartForm brands={brands} onSaved={(name) => back(`${name} was added.`)} />}
      </BrandsThen>
    </div>
  );
}

/** /dashboard/parts/:id/edit (admins only). */
export function EditPartRoute() {
  useDocumentMeta('Edit part', 'Edit a part — Pitstop Parts dashboard.');
  const { id = '' } = useParams();
  const part = usePart(id);
  const back = useBackToCatalogue();
  return (
    <div className="flex flex-col gap-6">
      <Heading title={part.data ? `Edit ${part.data.name}` : 'Edit part'} />
      {part.isPending ? (
        <Spinner label="Loading the part" className="py-16" />
      ) : part.isError ? (
        isApiError(part.error) && (part.error.status === 404 || part.error.status === 400) ? (
          <p role="alert" className="text-lg text-slate-700">
            We could not find that part.
          </p>
        ) : (
          <QueryError onRetry={() => void part.refetch()} retrying={part.isFetching} />
        )
      ) : (
        <BrandsThen>
          {(brands) => (
            <PartForm
              key={part.data._id}
              part={part.data}
              brands={brands}
              onSaved={(name) => back(`${name} was saved.`)}
            />
          )}
        </BrandsThen>
      )}
    </div>
  );
}
