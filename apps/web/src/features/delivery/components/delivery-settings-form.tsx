import type { FieldErrors, FieldPath, Resolver } from 'react-hook-form';
import { useState } from 'react';
import {
  DELIVERY_TIME_ZONES,
  WEEKDAYS,
  deliveryPromise,
  type DeliverySettings,
} from '@pitstop/core/delivery-promise';
import { DeliverySettingsSchema } from '@pitstop/core/delivery-settings';
import { deliveryTexts as t } from '@pitstop/core/delivery-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useSaveDeliverySettings } from '../api/save-delivery-settings';
import {
  formPathOf,
  fromFormValues,
  toFormValues,
  type SettingsFormValues,
} from '../utils/settings-form-values';
import { CarriersFieldset } from './carriers-fieldset';
import { HolidaysFieldset } from './holidays-fieldset';

/** Puts `error` at a dotted path of react-hook-form's nested errors object. */
function setAt(target: Record<string, unknown>, path: string, error: { type: string; message: string }) {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  const last = keys.at(-1) ?? 'root';
  node[last] ??= error;
}

/**
 * The form's values checked by the server's own rules (DeliverySettingsSchema), each problem
 * placed under the row it is about; also refuses a state listed twice for one carrier, which the
 * settings' shape (one entry per state) could not say.
 */
const settingsResolver: Resolver<SettingsFormValues, unknown, DeliverySettings> = async (values) => {
  const errors: Record<string, unknown> = {};
  values.carriers.forEach((carrier, c) => {
    const seen = new Set<string>();
    carrier.overrides.forEach((row, r) => {
      if (row.state && seen.has(row.state)) {
        setAt(errors, `carriers.${c}.overrides.${r}.state`, { type: 'custom', message: t.stateTwice });
      }
      seen.add(row.state);
    });
  });
  const parsed = DeliverySettingsSchema.safeParse(fromFormValues(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const stateProblem = issue.message === t.stateOutsideArea;
      setAt(errors, formPathOf(issue.path.join('.'), values, stateProblem), {
        type: issue.code,
        message: issue.message,
      });
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return { values: {}, errors: errors as FieldErrors<SettingsFormValues> };
  }
  const ordered = {
    ...parsed.data,
    businessDays: WEEKDAYS.filter((d) => parsed.data.businessDays.includes(d)),
  };
  return { values: ordered, errors: {} };
};

/** Admin → Settings: the delivery promise's settings, saved for every page and every new order. */
export function DeliverySettingsForm({ settings }: { settings: DeliverySettings }) {
  const form = useAppForm<SettingsFormValues, unknown, DeliverySettings>({
    resolver: settingsResolver,
    defaultValues: toFormValues(settings),
  });
  const save = useSaveDeliverySettings();
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const { errors } = form.formState;
  const preview = deliveryPromise({ now: new Date(), settings, state: 'NY', inStock: true });

  return (
    <form
      noValidate
      aria-labelledby="delivery-settings-heading"
      className="flex max-w-3xl flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8"
      onSubmit={form.handleSubmit((values) => {
        setStatus(null);
        save.mutate(values, {
          onSuccess: (saved) => {
            form.reset(toFormValues(saved));
            setStatus({ ok: true, message: t.saved });
          },
          onError: (e) => {
            if (isApiError(e)) {
              const current = form.getValues();
              for (const field of e.errors) {
                const path = formPathOf(field.field, current, field.message === t.stateOutsideArea);
                form.setError(
                  path as FieldPath<SettingsFormValues>,
                  { message: field.message },
                  { shouldFocus: true },
                );
              }
            }
            setStatus({ ok: false, message: problemText(e, t.saveFailed) });
          },
        });
      })}
    >
      <h2 id="delivery-settings-heading" className="text-xl font-bold text-slate-900">
        {t.deliveryHeading}
      </h2>
      {preview ? <p className="text-sm text-slate-700">{t.preview(t.promise(preview))}</p> : null}
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          label={t.cutoffLabel}
          type="time"
          error={errors.cutoff?.message}
          {...form.register('cutoff')}
        />
        <FormField label={t.timeZoneLabel} error={errors.timeZone?.message}>
          {(control) => (
            <select {...control} {...form.register('timeZone')} className={inputClass}>
              {DELIVERY_TIME_ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace('_', ' ')}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField
          label={t.handlingLabel}
          type="number"
          inputMode="numeric"
          min={0}
          max={10}
          error={errors.handlingDays?.message}
          {...form.register('handlingDays', { valueAsNumber: true })}
        />
      </div>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.businessDays ? 'business-days-error' : undefined}
      >
        <legend className="text-sm font-semibold text-slate-800">{t.businessDaysLegend}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {WEEKDAYS.map((day) => (
            <label key={day} className="flex min-h-11 items-center gap-2 text-slate-800">
              <input type="checkbox" value={day} className="size-5" {...form.register('businessDays')} />
              {t.weekdayNames[day]}
            </label>
          ))}
        </div>
        {errors.businessDays?.message ? (
          <p id="business-days-error" className="text-sm font-medium text-red-700">
            {errors.businessDays.message}
          </p>
        ) : null}
      </fieldset>
      <HolidaysFieldset form={form} />
      <CarriersFieldset form={form} />
      <StatusNotice message={status?.ok ? status.message : null} />
      <ErrorNotice message={status && !status.ok ? status.message : null} />
      <button type="submit" disabled={save.isPending} className={buttonStyles('primary', 'lg', 'self-start')}>
        {save.isPending ? t.saving : t.save}
      </button>
    </form>
  );
}
