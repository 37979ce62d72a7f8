import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PriceList } from '@pitstop/core/pricing';
import { pricingTexts as t } from '@pitstop/core/pricing-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { apiGet } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useAssignPriceList, useDeletePriceList, usePriceLists, useSavePriceList } from './api';

interface RuleRow {
  key: number;
  brand: string;
  category: string;
  percentOff: string;
}
interface PriceRow {
  key: number;
  partNumber: string;
  price: string;
}
let rowKey = 0;
const nextKey = () => ++rowKey;

/** Add or edit a price list: its name, percent rules and fixed prices by part number. */
function PriceListForm({ list, onDone }: { list?: PriceList; onDone: (message: string) => void }) {
  const [name, setName] = useState(list?.name ?? '');
  const [rules, setRules] = useState<RuleRow[]>(
    (list?.rules ?? []).map((r) => ({
      key: nextKey(),
      brand: r.brand ?? '',
      category: r.category ?? '',
      percentOff: String(r.percentOff),
    })),
  );
  const [prices, setPrices] = useState<PriceRow[]>(
    (list?.prices ?? []).map((p) => ({ key: nextKey(), partNumber: p.partNumber, price: String(p.price) })),
  );
  const [error, setError] = useState<string | null>(null);
  const save = useSavePriceList(list?.id);
  const heading = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    save.mutate(
      {
        name,
        rules: rules.map((r) => ({
          brand: r.brand.trim() || null,
          category: r.category.trim() || null,
          percentOff: Number(r.percentOff),
        })),
        prices: prices.map((p) => ({ partNumber: p.partNumber, price: Number(p.price) })),
      },
      {
        onSuccess: () => onDone(t.saved),
        onError: (e) => setError(problemText(e, t.save)),
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={heading}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={heading} className="text-xl font-bold text-slate-900">
        {list ? `${t.edit}: ${list.name}` : t.newPriceList}
      </h2>
      <TextField
        label={t.name}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={80}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold text-slate-900">{t.rules}</legend>
        {rules.map((rule, i) => (
          <div key={rule.key} className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_1fr_8rem_auto]">
            <TextField
              label={t.ruleBrand}
              value={rule.brand}
              onChange={(e) => setRules(rules.map((r, j) => (j === i ? { ...r, brand: e.target.value } : r)))}
            />
            <TextField
              label={t.ruleCategory}
              value={rule.category}
              onChange={(e) =>
                setRules(rules.map((r, j) => (j === i ? { ...r, category: e.target.value } : r)))
              }
            />
            <TextField
              label={t.rulePercent}
              type="number"
              min={0}
              max={100}
              step={0.01}
              required
              value={rule.percentOff}
              onChange={(e) =>
                setRules(rules.map((r, j) => (j === i ? { ...r, percentOff: e.target.value } : r)))
              }
            />
            <button
              type="button"
              className={buttonStyles('ghost', 'md')}
              onClick={() => setRules(rules.filter((_, j) => j !== i))}
            >
              {t.removeRule}
            </button>
          </div>
        ))}
        <button
          type="button"
          className={buttonStyles('secondary', 'sm', 'self-start')}
          onClick={() => setRules([...rules, { key: nextKey(), brand: '', category: '', percentOff: '' }])}
        >
          {t.addRule}
        </button>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold text-slate-900">{t.fixedPrices}</legend>
        {prices.map((row, i) => (
          <div key={row.key} className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_10rem_auto]">
            <TextField
              label={t.fixedPartNumber}
              required
              value={row.partNumber}
              onChange={(e) =>
                setPrices(prices.map((p, j) => (j === i ? { ...p, partNumber: e.target.value } : p)))
              }
            />
            <TextField
              label={t.fixedPrice}
              type="number"
              min={0}
              step={0.01}
              required
              value={row.price}
              onChange={(e) =>
                setPrices(prices.map((p, j) => (j === i ? { ...p, price: e.target.value } : p)))
              }
            />
            <button
              type="button"
              className={buttonStyles('ghost', 'md')}
              onClick={() => setPrices(prices.filter((_, j) => j !== i))}
            >
              {t.removeRule}
            </button>
          </div>
        ))}
        <button
          type="button"
          className={buttonStyles('secondary', 'sm', 'self-start')}
          onClick={() => setPrices([...prices, { key: nextKey(), partNumber: '', price: '' }])}
        >
          {t.addFixedPrice}
        </button>
      </fieldset>
      <ErrorNotice message={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonStyles('primary')} disabled={save.isPending}>
          {list ? t.save : t.create}
        </button>
      </div>
    </form>
  );
}

/** Assign a price list (or retail) to a company or to one customer by email. */
function AssignForm({ lists }: { lists: PriceList[] }) {
  const companies = useQuery({
    queryKey: ['pricing', 'companies'],
    queryFn: () => apiGet<{ companies: { id: string; name: string }[] }>('/admin/companies'),
  });
  const assign = useAssignPriceList();
  const [listId, setListId] = useState('');
  const [companyId, setCompanyId] = useState('');
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { list: useId(), company: useId(), heading: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setError(null);
    assign.mutate(
      {
        priceListId: listId || null,
        ...(companyId ? { companyId } : {}),
        ...(email.trim() ? { email: email.trim() } : {}),
      },
      { onSuccess: () => setNotice(t.saved), onError: (e) => setError(problemText(e, t.assign)) },
    );
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={ids.heading}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={ids.heading} className="text-xl font-bold text-slate-900">
        {t.assignHeading}
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.list} className="font-medium text-slate-900">
          {t.assignList}
        </label>
        <select
          id={ids.list}
          className={inputClass}
          value={listId}
          onChange={(e) => setListId(e.target.value)}
        >
          <option value="">{t.retail}</option>
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.company} className="font-medium text-slate-900">
          {t.assignCompany}
        </label>
        <select
          id={ids.company}
          className={inputClass}
          value={companyId}
          onChange={(e) => setCompanyId(e.target.value)}
        >
          <option value="">—</option>
          {(companies.data?.companies ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t.assignEmail}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <StatusNotice message={notice} />
      <ErrorNotice message={error} />
      <button
        type="submit"
        className={buttonStyles('primary', 'md', 'self-start')}
        disabled={assign.isPending}
      >
        {t.assign}
      </button>
    </form>
  );
}

/** Admin → Price lists: every list with its rules and who buys at it, a form, and assignment. */
export function PriceListsAdmin() {
  const lists = usePriceLists();
  const deletion = useDeletePriceList();
  const [editing, setEditing] = useState<PriceList | null>(null);
  const [forms, setForms] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function remove(list: PriceList) {
    if (!window.confirm(t.deleteConfirm(list.name))) return;
    setNotice(null);
    setError(null);
    deletion.mutate(list.id, {
      onSuccess: () => setNotice(t.saved),
      onError: (e) => setError(problemText(e, t.delete)),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <PriceListForm
        key={`${editing?.id ?? 'new'}-${forms}`}
        {...(editing ? { list: editing } : {})}
        onDone={(message) => {
          setNotice(message);
          setEditing(null);
          setForms((n) => n + 1);
        }}
      />
      <StatusNotice message={notice} />
      <ErrorNotice message={error} />
      {lists.isPending ? (
        <Spinner label={t.loading} className="py-10" />
      ) : lists.isError ? (
        <QueryError onRetry={() => void lists.refetch()} retrying={lists.isFetching} />
      ) : (
        <>
          {lists.data.length === 0 ? <p className="text-slate-700">{t.noPriceLists}</p> : null}
          <ul className="flex flex-col gap-3">
            {lists.data.map((list) => (
              <li key={list.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="flex flex-col gap-1">
                    <h3 className="text-lg font-semibold text-slate-900">{list.name}</h3>
                    <p className="text-sm text-slate-700">
                      {list.rules
                        .map(
                          (r) =>
                            `${r.brand ?? t.anyBrand} · ${r.category ?? t.anyCategory}: ${r.percentOff}%`,
                        )
                        .join('; ') || '—'}
                    </p>
                    <p className="text-sm text-slate-700">
                      {t.fixedPrices}: {list.prices.length}
                    </p>
                    <p className="text-sm text-slate-700">
                      {t.assignedTo}:{' '}
                      {[...list.companies.map((c) => c.name), ...list.customers.map((c) => c.email)].join(
                        ', ',
                      ) || t.nobodyAssigned}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className={buttonStyles('secondary', 'sm')}
                      onClick={() => setEditing(list)}
                      aria-label={`${t.edit} ${list.name}`}
                    >
                      {t.edit}
                    </button>
                    <button
                      type="button"
                      className={buttonStyles('ghost', 'sm')}
                      onClick={() => remove(list)}
                      aria-label={`${t.delete} ${list.name}`}
                    >
                      {t.delete}
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <AssignForm lists={lists.data} />
        </>
      )}
    </div>
  );
}
