import { brandsTexts, type Brand } from '@pitstop/core/brands';
import { messages } from '@pitstop/core/messages';
import { useState } from 'react';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useDeleteBrand } from '../api/delete-brand';
import { useBrands } from '../api/get-brands';
import { BrandForm } from './brand-form';
import { BrandsTable } from './brands-table';

interface BrandsAdminProps {
  /** A brand was renamed or deleted: what shows brands elsewhere (parts, filters) is stale. */
  onCatalogueChanged: () => void;
}

/**
 * Admin → Brands: the form (add, or edit the brand picked in the list) above the list. A delete
 * asks first; a brand that parts carry is refused by the server (409), and its words are shown.
 */
export function BrandsAdmin({ onCatalogueChanged }: BrandsAdminProps) {
  const brands = useBrands();
  const deletion = useDeleteBrand();
  const [editing, setEditing] = useState<Brand | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped by each save, so the next form starts empty.
  const [saves, setSaves] = useState(0);

  function saved(brand: Brand, was: Brand | undefined) {
    setError(null);
    setNotice(was ? brandsTexts.saved(brand.name) : brandsTexts.added(brand.name));
    setEditing(null);
    setSaves((n) => n + 1);
    if (was && was.name !== brand.name) onCatalogueChanged();
  }

  function remove(brand: Brand) {
    if (!window.confirm(brandsTexts.confirmDelete(brand.name))) return;
    setNotice(null);
    setError(null);
    deletion.mutate(brand, {
      onSuccess: () => {
        setNotice(brandsTexts.deleted(brand.name));
        if (editing?._id === brand._id) setEditing(null);
        onCatalogueChanged();
      },
      onError: (e) =>
        setError(
          isApiError(e) && e.status === 403 ? messages.forbidden : problemText(e, brandsTexts.deleteFailed),
        ),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <BrandForm
        // A new form for each brand edited, and a fresh one after each save.
        key={`${editing?._id ?? 'new'}-${saves}`}
        {...(editing ? { brand: editing, onCancel: () => setEditing(null) } : {})}
        onSaved={saved}
      />
      <StatusNotice message={notice} />
      <ErrorNotice message={error} />
      {brands.isPending ? (
        <Spinner label={brandsTexts.loading} className="py-10" />
      ) : brands.isError ? (
        <QueryError onRetry={() => void brands.refetch()} retrying={brands.isFetching} />
      ) : brands.data.length === 0 ? (
        <p className="text-slate-700">{brandsTexts.empty}</p>
      ) : (
        <BrandsTable
          brands={brands.data}
          deletingId={deletion.isPending ? (deletion.variables?._id ?? null) : null}
          onEdit={(brand) => {
            setNotice(null);
            setError(null);
            setEditing(brand);
          }}
          onDelete={remove}
        />
      )}
    </div>
  );
}
