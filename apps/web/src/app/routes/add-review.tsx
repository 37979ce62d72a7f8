import { PageContainer } from '@/components/layout/page-container';
import { ScreenPlaceholder } from '@/components/layout/screen-placeholder';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /addreview — the review form arrives with the reviews issue. */
export function AddReviewRoute() {
  useDocumentMeta('Add review', 'Review a part you bought from Pitstop Parts.');
  return (
    <PageContainer>
      <ScreenPlaceholder title="Add review">The review form will be here.</ScreenPlaceholder>
    </PageContainer>
  );
}
