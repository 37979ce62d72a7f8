import { useState } from 'react';
import { pricingTexts as t, TAX_EXEMPTION_STATUSES } from '@pitstop/core/pricing-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { cellClass, ColumnHead, TableBox } from '@/components/ui/table';
import { inputClass } from '@/components/ui/form-field';
import { problemText } from '@/lib/error-text';
import { openCertificate, useDecideCertificate, useTaxExemptionQueue } from './api';

/** Admin → Tax exemptions: certificates by status; view the file, approve or decline a pending one. */
export function TaxExemptionsAdmin() {
  const [status, setStatus] = useState('pending');
  const queue = useTaxExemptionQueue(status);
  const decide = useDecideCertificate();
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <label className="flex max-w-xs flex-col gap-1 font-medium text-slate-900">
        {t.saleStatus}
        <select className={inputClass} value={status} onChange={(e) => setStatus(e.target.value)}>
          {TAX_EXEMPTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t.taxStatusNames[s]}
            </option>
          ))}
        </select>
      </label>
      <ErrorNotice message={error} />
      {queue.isPending ? (
        <Spinner label={t.loading} className="py-10" />
      ) : queue.isError ? (
        <QueryError onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
      ) : queue.data.length === 0 ? (
        <p className="text-slate-700">{t.taxAdminEmpty}</p>
      ) : (
        <TableBox
          caption={t.taxAdminHeading}
          head={
            <>
              <ColumnHead>{t.taxCompany}</ColumnHead>
              <ColumnHead>{t.taxFile}</ColumnHead>
              <ColumnHead>{t.taxUploadedAt}</ColumnHead>
              <ColumnHead>{t.saleStatus}</ColumnHead>
              <ColumnHead>
                <span className="sr-only">{t.approve}</span>
              </ColumnHead>
            </>
          }
        >
          {queue.data.map((c) => (
            <tr key={c.id}>
              <td className={cellClass}>{c.companyName}</td>
              <td className={cellClass}>
                <button
                  type="button"
                  className="font-medium text-red-800 underline underline-offset-2"
                  onClick={() =>
                    void openCertificate(`/admin/tax-exemptions/${c.id}/file`, c.fileName).catch(
                      (e: unknown) => setError(problemText(e, t.taxView)),
                    )
                  }
                >
                  {c.fileName}
                </button>
              </td>
              <td className={cellClass}>{new Date(c.createdAt).toLocaleString()}</td>
              <td className={cellClass}>{t.taxStatusNames[c.status]}</td>
              <td className={cellClass}>
                {c.status === 'pending' ? (
                  <div className="flex gap-2">
                    {(['approved', 'declined'] as const).map((decision) => (
                      <button
                        key={decision}
                        type="button"
                        className={buttonStyles(decision === 'approved' ? 'primary' : 'secondary', 'sm')}
                        aria-label={`${decision === 'approved' ? t.approve : t.decline} ${c.companyName}`}
                        disabled={decide.isPending}
                        onClick={() =>
                          decide.mutate(
                            { id: c.id, decision },
                            { onError: (e) => setError(problemText(e, t.approve)) },
                          )
                        }
                      >
                        {decision === 'approved' ? t.approve : t.decline}
                      </button>
                    ))}
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </TableBox>
      )}
    </div>
  );
}
