import { Link } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { buttonStyles } from '@/components/ui/button-styles';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** Placeholder until sign-in lands: the route exists so the navbar's Log In link works. */
export function LoginRoute() {
  useDocumentMeta('Log In', 'Log in to Pitstop Parts to order parts, pay by card and follow your orders.');

  return (
    <PageContainer>
      <div className="mx-auto flex max-w-md flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Log In</h1>
        <p className="leading-relaxed text-slate-600">
          Sign-in arrives soon. Until then you can browse every part, compare specifications and check
          fitment.
        </p>
        <Link to="/parts" className={buttonStyles('primary', 'md')}>
          Browse parts
        </Link>
      </div>
    </PageContainer>
  );
}
