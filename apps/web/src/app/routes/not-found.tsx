import { Link } from 'react-router';
import { messages } from '@pitstop/core/messages';
import { PageContainer } from '@/components/layout/page-container';
import { buttonStyles } from '@/components/ui/button-styles';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useHttpStatus } from '@/lib/render-context';

export function NotFoundRoute() {
  useHttpStatus(404);
  useDocumentMeta('Page not found', messages.notFoundPage);

  return (
    <PageContainer>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-6 py-16 text-center">
        <p className="text-7xl font-extrabold tracking-tight text-red-700" aria-hidden="true">
          404
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {messages.notFoundPage}
        </h1>
        <Link to="/" className={buttonStyles('primary', 'lg')}>
          Back to home
        </Link>
      </div>
    </PageContainer>
  );
}
