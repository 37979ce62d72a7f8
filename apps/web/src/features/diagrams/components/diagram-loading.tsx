import { diagramTexts } from '@pitstop/core/diagram-texts';
import { PageContainer } from '@/components/layout/page-container';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';

/**
 * What a diagram page shows before its answer: the failure with Retry, or the spinner. Shared by
 * the bike's grid and the assembly page.
 */
export function DiagramLoading({
  query,
}: {
  query: { isError: boolean; isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <PageContainer>
      {query.isError ? (
        <>
          <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{diagramTexts.heading}</h1>
          <QueryError onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </>
      ) : (
        <Spinner label={diagramTexts.heading} className="py-16" />
      )}
    </PageContainer>
  );
}
