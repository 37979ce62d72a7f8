import { returnQueueTexts } from '@pitstop/core/return-texts';
import { ReturnsQueue } from '@/features/returns/components/returns-queue';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/returns (admins only, here and on the server): the Returns queue. */
export function ReturnsQueueRoute() {
  useDocumentMeta(returnQueueTexts.heading, returnQueueTexts.metaDescription);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {returnQueueTexts.heading}
      </h1>
      <ReturnsQueue />
    </div>
  );
}
