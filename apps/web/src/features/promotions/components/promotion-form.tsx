import { useEffect, useId, useRef, useState } from 'react';
import { CATEGORIES, CATEGORY_LABELS } from '@pitstop/core/catalogue';
import {
  PROMOTION_KINDS,
  PromotionInputSchema,
  promotionsTexts,
  type Promotion,
  type PromotionKind,
} from '@pitstop/core/promotions';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useSavePromotion } from '../api/promotions-api';

/** The form's values: what is typed, as text. */
interface Values {
  code: string;
  kind: PromotionKind;
  percentOff: string;
  amountOff: string;
  brands: string;
  categories: string[];
  minOrder: string;
  startsAt: string;
  endsAt: string;
  totalLimit: string;
  perCustomerLimit: string;
  active: boolean;
}

/** An ISO time as a datetime-local input's value, in the admin's time zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function valuesOf(p: Promotion | undefined): Values {
  return {
    code: p?.code ?? '',
    kind: p?.kind ?? 'percent',
    percentOff: p?.percentOff?.toString() ?? '',
    amountOff: p?.amountOff?.toString() ?? '',
    brands: p?.brands.join(', ') ?? '',
    categories: p?.categories ?? [],
    minOrder: p ? String(p.minOrder) : '0',
    startsAt: localInput(p?.startsAt ?? null),
    endsAt: localInput(p?.endsAt ?? null),
    totalLimit: p?.totalLimit?.toString() ?? '',
    perCustomerLimit: p?.perCustomerLimit?.toString() ?? '',
    active: p?.active ?? true,
  };
}

const num = (text: string) => (text.trim() === '' ? null : Number(text));

/** What the API takes, from the typed values (checked by the shared schema before sending). */
function inputOf(v: Values) {
  return {
    code: v.code,
    kind: v.kind,
    percentOff: v.kind === 'percent' ? num(v.percentOff) : null,
    amountOff: v.kind === 'amount' ? num(v.amountOff) : null,
    brands: v.brands
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean),
    categories: v.categories,
    minOrder: num(v.minOrder) ?? 0,
    ...(v.startsAt ? { startsAt: new Date(v.startsAt).toISOString() } : {}),
    endsAt: v.endsAt ? new Date(v.endsAt).toISOString() : null,
    totalLimit: num(v.totalLimit),
    perCustomerLimit: num(v.perCustomerLimit),
    active: v.active,
  };
}

interface PromotionFormProps {
  promotion?: Promotion;
  onSaved: (saved: Promotion, was: Promotion | undefined) => void;
  onCancel?: () => void;
}

/** Add or edit a discount code; the shared schema checks it first, the server's refusals show under their fields. */
export function PromotionForm({ promotion, onSaved, onCancel }: PromotionFormProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(promotion));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useSavePromotion(promotion?._id);
  const kindName = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const title = promotion ? promotionsTexts.edit(promotion.code) : promotionsTexts.add;
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  useEffect(() => {
    if (promotion) codeRef.current?.focus();
  }, [promotion]);

  function submit() {
    setError(null);
    const checked = PromotionInputSchema.safeParse(inputOf(values));
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '');
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: (saved) => onSaved(saved, promotion),
      onError: (e) => {
        const onFields = isApiError(e) ? e.errors : [];
        if (onFields.length > 0) {
          setErrors(
            Object.fromEntries(onFields.map(({ field, message }) => [field.split('.')[0] ?? field, message])),
          );
        } else {
          setError(problemText(e, promotionsTexts.saveFailed));
        }
      },
    });
  }

  return (
    <form
      noValidate
      aria-label={title}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          ref={codeRef}
          label={promotionsTexts.code}
          name="code"
          autoComplete="off"
          value={values.code}
          error={errors.code}
          onChange={(e) => set('code', e.target.value)}
        />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold text-slate-800">{promotionsTexts.kind}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {PROMOTION_KINDS.map((kind) => (
              <label key={kind} className="flex min-h-11 cursor-pointer items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  name={kindName}
                  value={kind}
                  checked={values.kind === kind}
                  className="size-4 accent-red-700"
                  onChange={() => set('kind', kind)}
                />
                {promotionsTexts.kindNames[kind]}
              </label>
            ))}
          </div>
          {errors.kind ? <p className="text-sm font-medium text-red-700">{errors.kind}</p> : null}
        </fieldset>
        {values.kind === 'percent' ? (
          <TextField
            label={promotionsTexts.percentOff}
            name="percentOff"
            inputMode="decimal"
            value={values.percentOff}
            error={errors.percentOff}
            onChange={(e) => set('percentOff', e.target.value)}
          />
        ) : (
          <TextField
            label={promotionsTexts.amountOff}
            name="amountOff"
            inputMode="decimal"
            value={values.amountOff}
            error={errors.amountOff}
            onChange={(e) => set('amountOff', e.target.value)}
          />
        )}
        <TextField
          label={promotionsTexts.minOrder}
          name="minOrder"
          inputMode="decimal"
          value={values.minOrder}
          error={errors.minOrder}
          onChange={(e) => set('minOrder', e.target.value)}
        />
        <TextField
          label={promotionsTexts.brands}
          name="brands"
          value={values.brands}
          error={errors.brands}
          onChange={(e) => set('brands', e.target.value)}
        />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold text-slate-800">
            {promotionsTexts.categories}
          </legend>
          <div className="grid grid-cols-2 gap-x-4">
            {CATEGORIES.map((category) => (
              <label
                key={category}
                className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-slate-800"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-red-700"
                  checked={values.categories.includes(category)}
                  onChange={(e) =>
                    set(
                      'categories',
                      e.target.checked
                        ? [...values.categories, category]
                        : values.categories.filter((c) => c !== category),
                    )
                  }
                />
                {CATEGORY_LABELS[category]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={promotionsTexts.startsAt}
          name="startsAt"
          type="datetime-local"
          value={values.startsAt}
          error={errors.startsAt}
          onChange={(e) => set('startsAt', e.target.value)}
        />
        <TextField
          label={promotionsTexts.endsAt}
          name="endsAt"
          type="datetime-local"
          value={values.endsAt}
          error={errors.endsAt}
          onChange={(e) => set('endsAt', e.target.value)}
        />
        <TextField
          label={promotionsTexts.totalLimit}
          name="totalLimit"
          inputMode="numeric"
          value={values.totalLimit}
          error={errors.totalLimit}
          onChange={(e) => set('totalLimit', e.target.value)}
        />
        <TextField
          label={promotionsTexts.perCustomerLimit}
          name="perCustomerLimit"
          inputMode="numeric"
          value={values.perCustomerLimit}
          error={errors.perCustomerLimit}
          onChange={(e) => set('perCustomerLimit', e.target.value)}
        />
      </div>
      <label className="flex min-h-11 cursor-pointer items-center gap-2 text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-red-700"
          checked={values.active}
          onChange={(e) => set('active', e.target.checked)}
        />
        {promotionsTexts.active}
      </label>
      <ErrorNotice message={error} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" className={buttonStyles('primary', 'md')} disabled={save.isPending}>
          {save.isPending ? promotionsTexts.saving : promotion ? promotionsTexts.save : promotionsTexts.add}
        </button>
        {onCancel ? (
          <button type="button" className={buttonStyles('secondary', 'md')} onClick={onCancel}>
            {promotionsTexts.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
