import { ScreenPlaceholder } from '@/components/layout/screen-placeholder';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/adduser (admins only). Filled in by a later issue. */
export function AddUserRoute() {
  useDocumentMeta('Add User', 'Add User — Pitstop Parts dashboard.');
  return (
    <ScreenPlaceholder title="Add User">The form to add a user's information will be here.</ScreenPlaceholder>
  );
}
