import { useId, useState, type FormEvent } from 'react';
import { pricingTexts as t } from '@pitstop/core/pricing-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { fileInputClass } from '@/components/ui/form-field';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { openCertificate, useCompanyTaxExemption, useUploadCertificate } from './api';

/**
 * /company/tax-exemption: whether the company pays sales tax, its certificates and their review,
 * and an upload. Only the owner and accountants (the server says so too).
 */
export function CompanyTaxExemption() {
  const exemption = useCompanyTaxExemption();
  const upload = useUploadCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { file: useId(), list: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    setError(null);
    if (!file) {
      setError(t.certificateMissing);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        setNotice(t.taxUploaded);
        setFile(null);
        event.currentTarget?.reset();
      },
      onError: (e) => setError(problemText(e, t.taxUpload)),
    });
  }

  if (exemption.isPending) return <Spinner label={t.loading} className="py-10" />;
  if (exemption.isError) {
    const status = isApiError(exemption.error) ? exemption.error.status : 0;
    if (status === 403 || status === 404)
      return <p className="text-slate-700">{problemText(exemption.error, t.taxNoAccess)}</p>;
    return <QueryError onRetry={() => void exemption.refetch()} retrying={exemption.isFetching} />;
  }
  const { taxExempt, certificates } = exemption.data;
  return (
    <div className="flex flex-col gap-6">
      <p
        className={`rounded-lg p-3 font-semibold ${taxExempt ? 'bg-green-50 text-green-900' : 'bg-slate-100 text-slate-800'}`}
      >
        {taxExempt ? t.taxExempt : t.taxNotExempt}
      </p>
      <form
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <label htmlFor={ids.file} className="font-medium text-slate-900">
          {t.taxFile}
        </label>
        <input
          id={ids.file}
          type="file"
          accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
          className={fileInputClass}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <StatusNotice message={notice} />
        <ErrorNotice message={error} />
        <button
          type="submit"
          className={buttonStyles('primary', 'md', 'self-start')}
          disabled={upload.isPending}
        >
          {t.taxUpload}
        </button>
      </form>
      <section aria-labelledby={ids.list} className="flex flex-col gap-3">
        <h2 id={ids.list} className="text-xl font-bold text-slate-900">
          {t.taxCertificates}
        </h2>
        {certificates.length === 0 ? (
          <p className="text-slate-700">{t.taxNone}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {certificates.map((c) => (
              <li
                key={c.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3"
              >
                <span className="min-w-0 break-words">
                  <span className="font-medium text-slate-900">{c.fileName}</span>{' '}
                  <span className="text-slate-700">
                    · {new Date(c.createdAt).toLocaleDateString()} · {t.taxStatusNames[c.status]}
                  </span>
                </span>
                <button
                  type="button"
                  className={buttonStyles('secondary', 'sm')}
                  aria-label={`${t.taxView} ${c.fileName}`}
                  onClick={() =>
                    void openCertificate(`/company/tax-exemption/${c.id}/file`, c.fileName).catch(
                      (e: unknown) => setError(problemText(e, t.taxView)),
                    )
                  }
                >
                  {t.taxView}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
