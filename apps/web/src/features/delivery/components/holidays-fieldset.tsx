import { useId, useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { DeliverySettings } from '@pitstop/core/delivery-promise';
import { deliveryTexts as t, formatPromiseDate } from '@pitstop/core/delivery-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import type { SettingsFormValues } from '../utils/settings-form-values';

type Form = UseFormReturn<SettingsFormValues, unknown, DeliverySettings>;

/** The holidays: a list of dates, each removable, and a date picker that adds one. */
export function HolidaysFieldset({ form }: { form: Form }) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'holidays' });
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const errors = form.formState.errors.holidays;
  const listError = errors?.root?.message ?? errors?.message;

  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setProblem(t.holidayInvalid);
    if (form.getValues('holidays').some((row) => row.date === date)) return setProblem(t.holidayTwice);
    setProblem(null);
    append({ date });
    setDate('');
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-semibold text-slate-800">{t.holidaysLegend}</legend>
      {fields.length === 0 ? <p className="text-sm text-slate-600">{t.noHolidays}</p> : null}
      <ul className="flex flex-wrap gap-2">
        {fields.map((field, index) => (
          <li
            key={field.id}
            className="flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-1 pr-1 pl-3 text-sm"
          >
            <span>
              {field.date} ({formatPromiseDate(field.date)})
            </span>
            <button
              type="button"
              aria-label={t.removeHoliday(field.date)}
              className="flex size-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200"
              onClick={() => remove(index)}
            >
              ×
            </button>
            {errors?.[index]?.date?.message ? (
              <span className="text-red-700">{errors[index]?.date?.message}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-date`} className="text-sm font-semibold text-slate-800">
            {t.holidayLabel}
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(event) => setDate(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the date rather than saving the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            className={`${inputClass} w-auto`}
          />
        </div>
        <button type="button" className={buttonStyles('secondary', 'md')} onClick={add}>
          {t.addHoliday}
        </button>
      </div>
      {problem || listError ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {problem ?? listError}
        </p>
      ) : null}
    </fieldset>
  );
}
