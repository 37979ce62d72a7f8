import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { CatalogueIoSection } from '@/features/catalogue-io/components/catalogue-io-section';
import { partsKeys } from '@/features/parts/api/parts-query-keys';
import { ManageCatalogue } from '@/features/parts/components/manage-catalogue';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { editPartHref, newPartHref } from '../dashboard-paths';

function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' ? state.notice : null;
}

/** /dashboard/parts (admins only): the catalogue, with a low-stock view (?stock=low). */
export function CatalogueRoute() {
  useDocumentMeta('Catalogue', 'Catalogue — Pitstop Parts dashboard.');
  const location = useLocation();
  const queryClient = useQueryClient();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Catalogue</h1>
      {/* An import changes any number of parts: every parts query reloads.
          Above the list, which can be long. */}
      <CatalogueIoSection onImported={() => queryClient.invalidateQueries({ queryKey: partsKeys.all })} />
      <ManageCatalogue
        // A fresh notice (after Add or Save) starts the list's messages afresh.
        key={location.key}
        newHref={newPartHref}
        editHref={editPartHref}
        initialNotice={noticeOf(location.state)}
      />
    </div>
  );
}
