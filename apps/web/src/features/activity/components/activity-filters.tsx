import { useId, useState, type FormEvent } from 'react';
import { activityTexts, auditActionNames, auditRecordNames } from '@pitstop/core/activity-texts';
import {
  AUDIT_ACTIONS,
  AUDIT_RECORD_TYPES,
  type AuditAction,
  type AuditRecordType,
} from '@pitstop/core/audit';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import type { ActivityFilters } from '../api/get-activity';

interface Draft {
  actor: string;
  action: string;
  recordType: string;
  recordId: string;
  /** yyyy-mm-dd, as a date input gives it: a day in the admin's own time zone. */
  from: string;
  to: string;
}

const EMPTY: Draft = { actor: '', action: '', recordType: '', recordId: '', from: '', to: '' };

const isAction = (v: string): v is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(v);
const isRecordType = (v: string): v is AuditRecordType =>
  (AUDIT_RECORD_TYPES as readonly string[]).includes(v);

/** Local midnight of a yyyy-mm-dd day (plus `days`), as the ISO time the API takes. */
function midnightOf(day: string, days = 0): string | undefined {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, d + days).toISOString();
}

/** The form's fields as the API's filters: "To" includes its whole day. */
export function filtersOf(draft: Draft): ActivityFilters {
  const filters: ActivityFilters = {};
  if (draft.actor.trim()) filters.actor = draft.actor.trim();
  if (isAction(draft.action)) filters.action = draft.action;
  if (isRecordType(draft.recordType)) filters.recordType = draft.recordType;
  if (draft.recordId.trim()) filters.recordId = draft.recordId.trim();
  const from = draft.from ? midnightOf(draft.from) : undefined;
  const to = draft.to ? midnightOf(draft.to, 1) : undefined;
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

/**
 * Who, what, which record and when. A form: Enter in any field filters, as the Filter button does;
 * nothing is fetched while typing.
 */
export function ActivityFiltersForm({ onApply }: { onApply: (filters: ActivityFilters) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: event.target.value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(filtersOf(draft));
  }
  function clear() {
    setDraft(EMPTY);
    onApply({});
  }
  const label = 'text-sm font-semibold text-slate-800';

  return (
    <form
      onSubmit={submit}
      aria-label={activityTexts.filters}
      className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 xl:grid-cols-3"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-actor`} className={label}>
          {activityTexts.actor}
        </label>
        <input
          id={`${id}-actor`}
          type="search"
          value={draft.actor}
          onChange={set('actor')}
          maxLength={200}
          aria-describedby={`${id}-actor-hint`}
          className={inputClass}
        />
        <p id={`${id}-actor-hint`} className="text-sm text-slate-600">
          {activityTexts.actorHint}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-action`} className={label}>
          {activityTexts.action}
        </label>
        <select id={`${id}-action`} value={draft.action} onChange={set('action')} className={inputClass}>
          <option value="">{activityTexts.anyAction}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {auditActionNames[action]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-type`} className={label}>
          {activityTexts.recordType}
        </label>
        <select
          id={`${id}-type`}
          value={draft.recordType}
          onChange={set('recordType')}
          className={inputClass}
        >
          <option value="">{activityTexts.anyRecord}</option>
          {AUDIT_RECORD_TYPES.map((type) => (
            <option key={type} value={type}>
              {auditRecordNames[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-record`} className={label}>
          {activityTexts.recordId}
        </label>
        <input
          id={`${id}-record`}
          type="search"
          value={draft.recordId}
          onChange={set('recordId')}
          maxLength={100}
          className={inputClass}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-from`} className={label}>
            {activityTexts.from}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            onChange={set('from')}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-to`} className={label}>
            {activityTexts.to}
          </label>
          <input id={`${id}-to`} type="date" value={draft.to} onChange={set('to')} className={inputClass} />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <button type="submit" className={buttonStyles('primary', 'md', 'flex-1 sm:flex-none')}>
          {activityTexts.apply}
        </button>
        <button
          type="button"
          onClick={clear}
          className={buttonStyles('secondary', 'md', 'flex-1 sm:flex-none')}
        >
          {activityTexts.clear}
        </button>
      </div>
    </form>
  );
}
