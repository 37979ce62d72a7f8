import { ScreenPlaceholder } from '@/components/layout/screen-placeholder';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/alluser (admins only). Filled in by a later issue. */
export function AllUsersRoute() {
  useDocumentMeta('All User', 'All User — Pitstop Parts dashboard.');
  return (
    <ScreenPlaceholder title="All User">
      Every account, with Make Admin and Delete, will be listed here.
    </ScreenPlaceholder>
  );
}
