import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { ApprovalsQueue } from '@/features/approvals/components/approvals-queue';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /company/approvals (a company's approvers and owner; others are told so, and the server refuses). */
export function CompanyApprovalsRoute() {
  useDocumentMeta(approvalsTexts.pageTitle, approvalsTexts.metaDescription);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {approvalsTexts.pageTitle}
        </h1>
        <p className="max-w-3xl text-slate-700">{approvalsTexts.pageIntro}</p>
      </div>
      <ApprovalsQueue />
    </div>
  );
}
