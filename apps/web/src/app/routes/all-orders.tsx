import { ScreenPlaceholder } from '@/components/layout/screen-placeholder';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/allorders (admins only). Filled in by a later issue. */
export function AllOrdersRoute() {
  useDocumentMeta('All Orders', 'All Orders — Pitstop Parts dashboard.');
  return (
    <ScreenPlaceholder title="All Orders">
      Every order in the shop, with its shipping status, will be listed here.
    </ScreenPlaceholder>
  );
}
