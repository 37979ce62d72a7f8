import { Link } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { buttonStyles } from '@/components/ui/button-styles';
import { useHttpStatus } from '@/lib/render-context';

/** An address no diagram answers: says so, with a way on (the server answers 404). */
export function DiagramNotFound({ text, back }: { text: string; back?: { to: string; label: string } }) {
  useHttpStatus(404);
  return (
    <PageContainer>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-5 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{text}</h1>
        <Link to={back?.to ?? '/parts'} className={buttonStyles('primary', 'lg')}>
          {back?.label ?? 'Browse all parts'}
        </Link>
      </div>
    </PageContainer>
  );
}
