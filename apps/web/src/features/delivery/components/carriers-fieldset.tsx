import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { DELIVERY_STATES } from '@pitstop/core/delivery-area';
import type { DeliverySettings } from '@pitstop/core/delivery-promise';
import { deliveryTexts as t } from '@pitstop/core/delivery-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import type { SettingsFormValues } from '../utils/settings-form-values';

type Form = UseFormReturn<SettingsFormValues, unknown, DeliverySettings>;

/** The carriers: each with its name, default transit days and the states that differ. */
export function CarriersFieldset({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'carriers' });
  const rootError = form.formState.errors.carriers?.root?.message;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="text-sm font-semibold text-slate-800">{t.carriersLegend}</legend>
      {fields.map((field, index) => (
        <CarrierFields
          key={field.id}
          form={form}
          index={index}
          onRemove={fields.length > 1 ? () => remove(index) : null}
        />
      ))}
      {rootError ? <p className="text-sm font-medium text-red-700">{rootError}</p> : null}
      <button
        type="button"
        className={buttonStyles('secondary', 'md', 'self-start')}
        onClick={() => append({ name: '', transitDays: 1, overrides: [] })}
      >
        {t.addCarrier}
      </button>
    </fieldset>
  );
}

function CarrierFields({
  form,
  index,
  onRemove,
}: {
  form: Form;
  index: number;
  onRemove: (() => void) | null;
}) {
  const overrides = useFieldArray({ control: form.control, name: `carriers.${index}.overrides` });
  const errors = form.formState.errors.carriers?.[index];
  const name = useWatch({ control: form.control, name: `carriers.${index}.name` });
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t.carrierNameLabel}
          error={errors?.name?.message}
          {...form.register(`carriers.${index}.name`)}
        />
        <TextField
          label={t.transitLabel}
          type="number"
          inputMode="numeric"
          min={0}
          max={10}
          error={errors?.transitDays?.message}
          {...form.register(`carriers.${index}.transitDays`, { valueAsNumber: true })}
        />
      </div>
      <ul className="flex flex-col gap-3">
        {overrides.fields.map((row, r) => (
          <li key={row.id} className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-end gap-2">
            <FormField label={t.overrideStateLabel} error={errors?.overrides?.[r]?.state?.message}>
              {(control) => (
                <select
                  {...control}
                  {...form.register(`carriers.${index}.overrides.${r}.state`)}
                  className={inputClass}
                >
                  <option value="">{t.chooseState}</option>
                  {Object.entries(DELIVERY_STATES).map(([code, stateName]) => (
                    <option key={code} value={code}>
                      {stateName}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <TextField
              label={t.overrideDaysLabel}
              type="number"
              inputMode="numeric"
              min={0}
              max={10}
              error={errors?.overrides?.[r]?.days?.message}
              {...form.register(`carriers.${index}.overrides.${r}.days`, { valueAsNumber: true })}
            />
            <button
              type="button"
              aria-label={t.removeOverride(
                form.getValues(`carriers.${index}.overrides.${r}.state`) || String(r + 1),
              )}
              className={buttonStyles('ghost', 'md')}
              onClick={() => overrides.remove(r)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonStyles('secondary', 'sm')}
          onClick={() => overrides.append({ state: '', days: 2 })}
        >
          {t.addOverride}
        </button>
        {onRemove ? (
          <button type="button" className={buttonStyles('ghost', 'sm')} onClick={onRemove}>
            {t.removeCarrier(name)}
          </button>
        ) : null}
      </div>
    </div>
  );
}
