import { useState } from 'react';
import { companyTexts } from '@pitstop/core/companies-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { useAdminCompanies, useAdminCreateCompany } from '../api/companies-api';
import { CompanyForm } from './company-form';

/** /dashboard/companies (admins): every company, and a form to make one for a customer. */
export function CompaniesAdmin() {
  const list = useAdminCompanies();
  const create = useAdminCreateCompany();
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <StatusNotice message={notice} />
      {creating ? (
        <CompanyForm
          company={null}
          askOwner
          label={companyTexts.adminCreate}
          submitLabel={companyTexts.createButton}
          pending={create.isPending}
          onSubmit={async ({ ownerEmail, ...input }) => {
            const made = await create.mutateAsync({ ...input, ownerEmail: ownerEmail ?? '' });
            setCreating(false);
            setNotice(companyTexts.adminCreated(made.name));
          }}
          onCancel={() => setCreating(false)}
        />
      ) : (
        <div>
          <button type="button" className={buttonStyles('primary', 'md')} onClick={() => setCreating(true)}>
            {companyTexts.adminCreate}
          </button>
        </div>
      )}
      {list.data === undefined ? (
        list.isPending ? (
          <Spinner label={companyTexts.adminTitle} className="justify-start py-4" />
        ) : (
          <QueryError onRetry={() => void list.refetch()} retrying={list.isFetching} />
        )
      ) : list.data.companies.length === 0 ? (
        <p className="text-slate-700">{companyTexts.adminNone}</p>
      ) : (
        <ResponsiveTable
          caption={companyTexts.adminTitle}
          rows={list.data.companies}
          rowKey={(company) => company.id}
          columns={[
            { header: companyTexts.name, title: true, cell: (company) => company.name },
            { header: companyTexts.taxId, cell: (company) => company.taxId },
            { header: companyTexts.adminOwnerEmail, cell: (company) => company.ownerEmail ?? '—' },
            { header: companyTexts.adminMembers, align: 'right', cell: (company) => company.members },
            { header: companyTexts.orderDate, cell: (company) => company.createdAt.slice(0, 10) },
          ]}
        />
      )}
    </div>
  );
}
