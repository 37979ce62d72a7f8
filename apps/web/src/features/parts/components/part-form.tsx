import type { PartInput } from '@pitstop/core/admin';
import { CATEGORIES, CATEGORY_LABELS } from '@pitstop/core/catalogue';
import { useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { ErrorNotice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useSavePart } from '../api/save-part';
import { PartBrandField, type BrandChoice } from './part-brand-field';
import { PartFitment } from './part-fitment';
import {
  numberOrUndefined,
  PART_FIELDS,
  partFormDefaults,
  partFormResolver,
  type EditedPart,
  type PartFormValues,
} from './part-form-values';
import { PartNumbersEditor } from './part-numbers-editor';
import { PartPhotoField } from './part-photo-field';
import { PartSpecifications } from './part-specifications';

interface PartFormProps {
  /** The part being edited; absent for a new one. */
  part?: EditedPart;
  onSaved: (name: string) => void;
  /** The brands a part may carry (GET /api/brands, which the route loads). */
  brands: readonly BrandChoice[];
}

/**
 * The part form (admins): details with the photo, stock, specifications and fitment rows, all
 * checked by the shared PartInputSchema; the server's field errors show under their fields.
 */
export function PartForm({ part, onSaved, brands }: PartFormProps) {
  const form = useAppForm<PartFormValues, unknown, PartInput>({
    resolver: partFormResolver,
    defaultValues: partFormDefaults(part),
  });
  const save = useSavePart(part?._id);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;

  function showServerErrors(e: unknown) {
    const fieldErrors = isApiError(e)
      ? e.errors.filter((f) => PART_FIELDS.has(f.field.split(/[.[]/)[0] ?? ''))
      : [];
    fieldErrors.forEach(({ field, message }, i) => {
      const path = field.replace(/\[(\d+)\]/g, '.$1') as FieldPath<PartFormValues>;
      form.setError(path, { message }, { shouldFocus: i === 0 });
    });
    if (fieldErrors.length === 0) {
      setError(`Error: ${problemText(e, 'The part could not be saved. Please try again.')}`);
    }
  }

  const numberField = (name: 'price' | 'stock' | 'availablequantity' | 'minquantity') =>
    form.register(name, { setValueAs: numberOrUndefined });

  return (
    <form
      noValidate
      aria-label={part ? `Edit ${part.name}` : 'Add part'}
      className="flex flex-col gap-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      onSubmit={form.handleSubmit((values) => {
        setError(null);
        save.mutate(values, { onSuccess: () => onSaved(values.name), onError: showServerErrors });
      })}
    >
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-4 text-xl font-bold text-slate-900">Details</legend>
        <TextField label="Name" error={errors.name?.message} {...form.register('name')} type="text" />
        <TextField
          label="Part number"
          error={errors.partNumber?.message}
          {...form.register('partNumber')}
          type="text"
        />
        <TextField label="Seller" error={errors.seller?.message} {...form.register('seller')} type="text" />
        <TextField
          label="Price ($)"
          error={errors.price?.message}
          {...numberField('price')}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
        />
        <PartBrandField form={form} brands={brands} />
        <FormField label="Category" error={errors.category?.message}>
          {(control) => (
            <select
              {...control}
              {...form.register('category')}
              defaultValue={form.formState.defaultValues?.category ?? ''}
              className={inputClass}
            >
              <option value="">Choose a category</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="sm:col-span-2">
          <FormField label="Description" error={errors.description?.message}>
            {(control) => (
              <textarea {...control} {...form.register('description')} rows={4} className={inputClass} />
            )}
          </FormField>
        </div>
        <PartPhotoField
          form={form}
          partName={part?.name}
          uploading={uploading}
          onUploadingChange={setUploading}
        />
      </fieldset>

      <fieldset className="grid gap-5 sm:grid-cols-3">
        <legend className="mb-4 text-xl font-bold text-slate-900">Stock</legend>
        <TextField
          label="Stock"
          error={errors.stock?.message}
          {...numberField('stock')}
          type="number"
          min={0}
          step={1}
        />
        <TextField
          label="Available quantity"
          error={errors.availablequantity?.message}
          {...numberField('availablequantity')}
          type="number"
          min={0}
          step={1}
        />
        <TextField
          label="Minimum order quantity"
          error={errors.minquantity?.message}
          {...numberField('minquantity')}
          type="number"
          min={1}
          step={1}
        />
      </fieldset>

      <PartSpecifications form={form} />
      <PartFitment form={form} />
      <PartNumbersEditor form={form} brands={brands} />

      <ErrorNotice message={error} />
      <button
        type="submit"
        className={buttonStyles('primary', 'lg', 'w-full sm:w-auto sm:self-start')}
        disabled={save.isPending || uploading}
      >
        {save.isPending ? 'Saving…' : part ? 'Save part' : 'Add part'}
      </button>
    </form>
  );
}
