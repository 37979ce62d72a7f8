import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DeliveryAddressSchema,
  type DeliveryAddress,
  type DeliveryAddressInput,
} from '@pitstop/core/checkout';
import {
  INVITED_ROLES,
  InvitationInputSchema,
  type Company,
  type CompanyRoleName,
  type InvitationFormValues,
  type InvitationInput,
  type Member,
} from '@pitstop/core/companies';
import { COMPANY_ROLE_HELP, COMPANY_ROLE_NAMES, companyTexts } from '@pitstop/core/companies-texts';
import { authErrorTexts } from '@pitstop/core/messages';
import { formatDollars } from '@pitstop/core/money';
import {
  DeliveryAddressFields,
  wholeAddressFields,
  type AddressField,
} from '@/components/ordering/delivery-address-fields';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import { TextField } from '@/components/ui/text-field';
import { OrderNumberLink } from '@/features/orders/components/order-number-link';
import { STATUS_LABELS } from '@/features/orders/components/status-labels';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import {
  useAddCompanyAddress,
  useChangeMember,
  useCompanyOrders,
  useCreateCompany,
  useInviteMember,
  useMyCompany,
  useRemoveCompanyAddress,
  useRemoveMember,
  useRevokeInvitation,
  useUpdateCompany,
} from '../api/companies-api';
import { CompanyForm } from './company-form';

const limitText = (limit: number | null) => (limit === null ? companyTexts.noLimit : formatDollars(limit));

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** /company: make a company when I have none; else its details, members, invitations, credit and orders. */
export function CompanyPage({ myUserId }: { myUserId: string }) {
  const mine = useMyCompany();
  const [notice, setNotice] = useState<string | null>(null);
  if (mine.data === undefined) {
    return mine.isPending ? (
      <Spinner label={companyTexts.pageTitle} className="justify-start py-6" />
    ) : (
      <QueryError onRetry={() => void mine.refetch()} retrying={mine.isFetching} />
    );
  }
  const company = mine.data.company;
  return (
    <div className="flex flex-col gap-10">
      <StatusNotice message={notice} />
      {company ? (
        <CompanyDetails company={company} myUserId={myUserId} onNotice={setNotice} />
      ) : (
        <CreateCompany />
      )}
    </div>
  );
}

function CreateCompany() {
  const create = useCreateCompany();
  return (
    <Section title={companyTexts.createTitle}>
      <p className="max-w-3xl text-slate-700">{companyTexts.createLead}</p>
      <CompanyForm
        company={null}
        label={companyTexts.createTitle}
        submitLabel={companyTexts.createButton}
        pending={create.isPending}
        onSubmit={(input) => create.mutateAsync(input)}
      />
    </Section>
  );
}

function CompanyDetails({
  company,
  myUserId,
  onNotice,
}: {
  company: Company;
  myUserId: string;
  onNotice: (message: string | null) => void;
}) {
  const owner = company.role === 'owner';
  const [editing, setEditing] = useState(false);
  const update = useUpdateCompany();
  const billing = company.billingAddress;
  return (
    <>
      <Section
        title={company.name}
        action={
          owner && !editing ? (
            <button
              type="button"
              className={buttonStyles('secondary', 'md')}
              onClick={() => setEditing(true)}
            >
              {companyTexts.edit}
            </button>
          ) : null
        }
      >
        <p className="font-medium text-slate-800">
          {companyTexts.yourRole(COMPANY_ROLE_NAMES[company.role])}
          {company.role === 'buyer' ? ` · ${companyTexts.memberLimit}: ${limitText(company.orderLimit)}` : ''}
        </p>
        {editing ? (
          <CompanyForm
            company={company}
            label={companyTexts.edit}
            submitLabel={companyTexts.save}
            pending={update.isPending}
            onSubmit={async (input) => {
              await update.mutateAsync(input);
              setEditing(false);
              onNotice(companyTexts.saved);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <dl className="grid gap-3 text-slate-800 sm:grid-cols-3">
            <div>
              <dt className="text-sm font-semibold text-slate-600">{companyTexts.taxId}</dt>
              <dd>{company.taxId}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">{companyTexts.billingAddress}</dt>
              <dd>
                {billing.name}, {billing.street}
                {billing.line2 ? `, ${billing.line2}` : ''}, {billing.city}, {billing.state} {billing.zip}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">{companyTexts.orderPo}</dt>
              <dd>{company.poRequired ? companyTexts.poRequired : '—'}</dd>
            </div>
          </dl>
        )}
        <CompanyLinks company={company} />
      </Section>
      <CreditSection company={company} />
      <MembersSection company={company} myUserId={myUserId} onNotice={onNotice} />
      {owner ? <InvitationsSection company={company} onNotice={onNotice} /> : null}
      <AddressesSection company={company} />
      <OrdersSection />
    </>
  );
}

function CompanyLinks({ company }: { company: Company }) {
  const role = company.role;
  const links: { to: string; label: string }[] = [];
  if (role !== 'accountant') links.push({ to: '/quick-order', label: companyTexts.quickOrderLink });
  if (role === 'owner' || role === 'approver')
    links.push({ to: '/company/approvals', label: companyTexts.approvalsLink });
  if (role === 'owner' || role === 'accountant') {
    links.push({ to: '/company/statements', label: companyTexts.statementsLink });
    links.push({ to: '/company/tax-exemption', label: companyTexts.taxExemptionLink });
  }
  return (
    <nav aria-label={companyTexts.links}>
      <ul className="flex flex-wrap gap-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={buttonStyles('secondary', 'md')}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CreditSection({ company }: { company: Company }) {
  const mayApply = company.role === 'owner' || company.role === 'accountant';
  return (
    <Section title={companyTexts.credit}>
      {company.credit ? (
        <p className="text-lg font-medium text-slate-900">
          {companyTexts.creditLine(
            formatDollars(company.credit.remaining),
            formatDollars(company.credit.limit),
          )}
        </p>
      ) : (
        <p className="text-slate-700">
          {companyTexts.noCredit}{' '}
          {mayApply ? (
            <Link to="/credit" className="font-semibold text-red-700 underline underline-offset-2">
              {companyTexts.applyCredit}
            </Link>
          ) : null}
        </p>
      )}
    </Section>
  );
}

function MembersSection({
  company,
  myUserId,
  onNotice,
}: {
  company: Company;
  myUserId: string;
  onNotice: (message: string | null) => void;
}) {
  const owner = company.role === 'owner';
  const [changing, setChanging] = useState<string | null>(null);
  const remove = useRemoveMember();
  const [failed, setFailed] = useState<string | null>(null);

  const onRemove = (member: Member) => {
    if (!window.confirm(companyTexts.removeConfirm(member.name))) return;
    setFailed(null);
    remove.mutate(member.userId, {
      onSuccess: () => onNotice(companyTexts.removed(member.name)),
      onError: (error) => setFailed(problemText(error, authErrorTexts.generic)),
    });
  };

  return (
    <Section title={companyTexts.members}>
      <ErrorNotice message={failed} />
      <ResponsiveTable
        caption={companyTexts.members}
        rows={company.members}
        rowKey={(member) => member.userId}
        columns={[
          {
            header: companyTexts.memberName,
            title: true,
            cell: (member) => `${member.name}${member.userId === myUserId ? ` ${companyTexts.you}` : ''}`,
          },
          { header: companyTexts.memberEmail, cell: (member) => member.email },
          { header: companyTexts.memberRole, cell: (member) => COMPANY_ROLE_NAMES[member.role] },
          {
            header: companyTexts.memberLimit,
            cell: (member) => (member.role === 'buyer' ? limitText(member.orderLimit) : '—'),
          },
          ...(owner
            ? [
                {
                  header: companyTexts.changeMember,
                  cell: (member: Member) =>
                    changing === member.userId ? (
                      <MemberEditor
                        member={member}
                        onDone={(message) => {
                          setChanging(null);
                          if (message) onNotice(message);
                        }}
                      />
                    ) : (
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className={buttonStyles('secondary', 'sm', 'min-h-11')}
                          onClick={() => setChanging(member.userId)}
                          aria-label={`${companyTexts.changeMember} ${member.name}`}
                        >
                          {companyTexts.changeMember}
                        </button>
                        {member.userId !== myUserId ? (
                          <button
                            type="button"
                            className={buttonStyles('ghost', 'sm', 'min-h-11 text-red-800')}
                            onClick={() => onRemove(member)}
                            disabled={remove.isPending}
                            aria-label={`${companyTexts.removeMember} ${member.name}`}
                          >
                            {companyTexts.removeMember}
                          </button>
                        ) : null}
                      </div>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Section>
  );
}

function MemberEditor({ member, onDone }: { member: Member; onDone: (message: string | null) => void }) {
  const change = useChangeMember();
  const [role, setRole] = useState<CompanyRoleName>(member.role);
  const [limit, setLimit] = useState(member.orderLimit === null ? '' : String(member.orderLimit));
  const [failed, setFailed] = useState<string | null>(null);
  const roleId = useId();
  return (
    <form
      noValidate
      aria-label={`${companyTexts.changeMember} ${member.name}`}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setFailed(null);
        change.mutate(
          {
            userId: member.userId,
            change: {
              role,
              ...(role === 'buyer'
                ? { orderLimit: limit === '' ? null : Number(limit.replace(/[$,\s]/g, '')) }
                : {}),
            },
          },
          {
            onSuccess: () => onDone(companyTexts.saved),
            onError: (error) => setFailed(problemText(error, authErrorTexts.generic)),
          },
        );
      }}
    >
      <label htmlFor={roleId} className="text-sm font-semibold text-slate-700">
        {companyTexts.memberRole}
      </label>
      <select
        id={roleId}
        className={inputClass}
        value={role}
        onChange={(event) => setRole(event.target.value as CompanyRoleName)}
      >
        {(['owner', ...INVITED_ROLES] as const).map((r) => (
          <option key={r} value={r}>
            {COMPANY_ROLE_NAMES[r]}
          </option>
        ))}
      </select>
      {role === 'buyer' ? (
        <TextField
          label={companyTexts.inviteLimit}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          inputMode="numeric"
          type="text"
        />
      ) : null}
      <ErrorNotice message={failed} />
      <div className="flex gap-2">
        <button
          type="submit"
          className={buttonStyles('primary', 'sm', 'min-h-11')}
          disabled={change.isPending}
        >
          {companyTexts.save}
        </button>
        <button
          type="button"
          className={buttonStyles('ghost', 'sm', 'min-h-11')}
          onClick={() => onDone(null)}
        >
          {companyTexts.cancel}
        </button>
      </div>
    </form>
  );
}

function InvitationsSection({
  company,
  onNotice,
}: {
  company: Company;
  onNotice: (message: string | null) => void;
}) {
  const revoke = useRevokeInvitation();
  return (
    <Section title={companyTexts.invitations}>
      {company.invitations.length === 0 ? (
        <p className="text-slate-700">{companyTexts.noInvitations}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {company.invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3"
            >
              <span>
                <span className="font-medium">{invitation.email}</span> ·{' '}
                {COMPANY_ROLE_NAMES[invitation.role]}
                {invitation.role === 'buyer' ? ` · ${limitText(invitation.orderLimit)}` : ''} ·{' '}
                {companyTexts.expires(invitation.expiresAt.slice(0, 10))}
              </span>
              <button
                type="button"
                className={buttonStyles('ghost', 'sm', 'min-h-11')}
                onClick={() => revoke.mutate(invitation.id)}
                disabled={revoke.isPending}
                aria-label={`${companyTexts.withdraw} ${invitation.email}`}
              >
                {companyTexts.withdraw}
              </button>
            </li>
          ))}
        </ul>
      )}
      <InviteForm onSent={(email) => onNotice(companyTexts.invited(email))} />
    </Section>
  );
}

const INVITE_FIELDS = ['email', 'role', 'orderLimit'] as const;

function InviteForm({ onSent }: { onSent: (email: string) => void }) {
  const invite = useInviteMember();
  const [failed, setFailed] = useState<string | null>(null);
  const form = useAppForm<InvitationFormValues, unknown, InvitationInput>({
    resolver: zodResolver(InvitationInputSchema),
    defaultValues: { email: '', role: 'buyer', orderLimit: '' },
  });
  const role = form.watch('role');
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => {
    setFailed(null);
    const body: InvitationInput = { email: values.email, role: values.role };
    if (values.role === 'buyer') body.orderLimit = values.orderLimit ?? null;
    invite.mutate(body, {
      onSuccess: () => {
        onSent(values.email);
        form.reset({ email: '', role: values.role, orderLimit: '' });
      },
      onError: (error) => {
        const onFields = isApiError(error)
          ? error.errors.filter((e) => (INVITE_FIELDS as readonly string[]).includes(e.field))
          : [];
        onFields.forEach(({ field, message }, index) =>
          form.setError(field as (typeof INVITE_FIELDS)[number], { message }, { shouldFocus: index === 0 }),
        );
        if (onFields.length === 0) setFailed(problemText(error, authErrorTexts.generic));
      },
    });
  });
  return (
    <form
      noValidate
      aria-label={companyTexts.invite}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 className="text-lg font-semibold text-slate-900">{companyTexts.invite}</h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={companyTexts.inviteEmail}
          error={errors.email?.message}
          {...form.register('email')}
          type="email"
          autoComplete="off"
        />
        <FormField
          label={companyTexts.inviteRole}
          error={errors.role?.message}
          hint={COMPANY_ROLE_HELP[role]}
        >
          {(control) => (
            <select {...control} {...form.register('role')} className={inputClass}>
              {INVITED_ROLES.map((r) => (
                <option key={r} value={r}>
                  {COMPANY_ROLE_NAMES[r]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {role === 'buyer' ? (
          <TextField
            label={companyTexts.inviteLimit}
            error={errors.orderLimit?.message}
            {...form.register('orderLimit')}
            type="text"
            inputMode="numeric"
          />
        ) : null}
      </div>
      <ErrorNotice message={failed} />
      <div>
        <button type="submit" className={buttonStyles('primary', 'md')} disabled={invite.isPending}>
          {invite.isPending ? companyTexts.sending : companyTexts.sendInvite}
        </button>
      </div>
    </form>
  );
}

function AddressesSection({ company }: { company: Company }) {
  const owner = company.role === 'owner';
  const [adding, setAdding] = useState(false);
  const remove = useRemoveCompanyAddress();
  return (
    <Section
      title={companyTexts.addresses}
      action={
        owner && !adding ? (
          <button type="button" className={buttonStyles('secondary', 'md')} onClick={() => setAdding(true)}>
            {companyTexts.addAddress}
          </button>
        ) : null
      }
    >
      {company.addresses.length === 0 ? (
        <p className="text-slate-700">{companyTexts.noAddresses}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {company.addresses.map((a) => (
            <li
              key={a.id}
              className="flex items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
            >
              <span>
                <span className="block font-medium">{a.name}</span>
                {a.street}
                {a.line2 ? `, ${a.line2}` : ''}, {a.city}, {a.state} {a.zip}
              </span>
              {owner ? (
                <button
                  type="button"
                  className={buttonStyles('ghost', 'sm', 'min-h-11')}
                  onClick={() => remove.mutate(a.id)}
                  disabled={remove.isPending}
                  aria-label={`${companyTexts.removeAddress} ${a.name}`}
                >
                  {companyTexts.removeAddress}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {adding ? <AddressAdder onDone={() => setAdding(false)} /> : null}
    </Section>
  );
}

const ADDRESS_FIELDS: readonly string[] = Object.keys(DeliveryAddressSchema.shape);

function AddressAdder({ onDone }: { onDone: () => void }) {
  const add = useAddCompanyAddress();
  const [failed, setFailed] = useState<string | null>(null);
  const form = useAppForm<DeliveryAddressInput, unknown, DeliveryAddress>({
    resolver: zodResolver(DeliveryAddressSchema),
    defaultValues: { name: '', street: '', line2: '', city: '', state: '', zip: '', phone: '' },
  });
  const onSubmit = form.handleSubmit((address) => {
    setFailed(null);
    add.mutate(address, {
      onSuccess: onDone,
      onError: (error) => {
        const onFields = isApiError(error)
          ? error.errors.filter((e) => ADDRESS_FIELDS.includes(e.field))
          : [];
        onFields.forEach(({ field, message }, index) =>
          form.setError(field as AddressField, { message }, { shouldFocus: index === 0 }),
        );
        if (onFields.length === 0) setFailed(problemText(error, authErrorTexts.generic));
      },
    });
  });
  return (
    <form
      noValidate
      aria-label={companyTexts.addAddress}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <DeliveryAddressFields {...wholeAddressFields(form, '')} />
      <ErrorNotice message={failed} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonStyles('primary', 'md')} disabled={add.isPending}>
          {add.isPending ? companyTexts.saving : companyTexts.save}
        </button>
        <button type="button" className={buttonStyles('ghost', 'md')} onClick={onDone}>
          {companyTexts.cancel}
        </button>
      </div>
    </form>
  );
}

function OrdersSection() {
  const orders = useCompanyOrders(true);
  return (
    <Section title={companyTexts.orders}>
      {orders.data === undefined ? (
        orders.isPending ? (
          <Spinner label={companyTexts.orders} className="justify-start py-4" />
        ) : (
          <QueryError onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
        )
      ) : orders.data.orders.length === 0 ? (
        <p className="text-slate-700">{companyTexts.noOrders}</p>
      ) : (
        <ResponsiveTable
          caption={companyTexts.orders}
          rows={orders.data.orders}
          rowKey={(order) => order._id}
          columns={[
            {
              header: companyTexts.orderNumber,
              title: true,
              cell: (order) => <OrderNumberLink order={order} />,
            },
            { header: companyTexts.orderDate, cell: (order) => order.createdAt.slice(0, 10) },
            { header: companyTexts.orderBy, cell: (order) => order.name || order.email },
            { header: companyTexts.orderPo, cell: (order) => order.poNumber ?? '—' },
            { header: companyTexts.orderStatus, cell: (order) => STATUS_LABELS[order.status] },
            { header: companyTexts.orderTotal, align: 'right', cell: (order) => formatDollars(order.total) },
          ]}
        />
      )}
    </Section>
  );
}
