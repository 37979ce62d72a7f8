import { zodResolver } from '@hookform/resolvers/zod';
import { PartInputSchema, type PartInput } from '@pitstop/core/admin';
import { BRANDS, CATEGORIES, CATEGORY_LABELS } from '@pitstop/core/catalogue';
import { messages } from '@pitstop/core/messages';
import type { Part } from '@pitstop/core/parts';
import { FITMENT_POSITIONS, POSITION_LABELS } from '@pitstop/core/vehicle-fit';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, fileInputClass, inputClass } from '@/components/ui/form-field';
import { ErrorNotice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { photoFileSchema, UPLOAD_MAX_MB } from '@/lib/photo-file';
import { UPLOAD_ACCEPT, uploadImage } from '@/lib/uploads';
import { useSavePart } from '../api/save-part';

type PartFormValues = z.input<typeof PartInputSchema>;

/**
 * Words for the rules PartInputSchema states without a message of its own (the row fields'
 * min(1), a missing year). Messages the schema names win over these (zod's precedence).
 */
const ROW_MESSAGES: Record<string, string> = {
  key: 'Enter the specification',
  value: 'Enter the value',
  make: 'Enter the make',
  model: 'Enter the model',
  yearFrom: 'Enter a year from 1950 to 2100',
  yearTo: 'Enter a year from 1950 to 2100',
  quantity: 'Enter a whole number from 1 to 99',
  note: 'Keep the note to 200 characters',
  minquantity: 'Enter the minimum order',
  img: messages.imgRequired,
};
const resolver = zodResolver(PartInputSchema, {
  error: (issue) => {
    const last = issue.path?.at(-1);
    return typeof last === 'string' ? ROW_MESSAGES[last] : undefined;
  },
});

const FIELDS = new Set<string>(Object.keys(PartInputSchema.shape));

/** An empty number field is "no number", not zero (z.coerce would read '' as 0). */
const numberOrUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
/** A year or count field read as a number; empty is "not given" (the schema then asks or defaults). */
const numberValue = (value: unknown) => (value === '' || value === null ? undefined : Number(value));
/** The empty "Any / not applicable" choice and an empty note are stored as null, not ''. */
const textOrNull = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A new fitment row: one unit per bike, no position or note until the admin says otherwise. */
const emptyFitmentRow = (): NonNullable<PartFormValues['fitment']>[number] => ({
  make: '',
  model: '',
  yearFrom: undefined as unknown as number,
  yearTo: undefined as unknown as number,
  position: null,
  quantity: 1,
  note: null,
});

const photoFile = photoFileSchema({ required: true });

function defaultsOf(part: Part | undefined): PartFormValues {
  if (!part) {
    return {
      name: '',
      seller: '',
      price: '',
      img: '',
      description: '',
      stock: '',
      availablequantity: '',
      minquantity: '',
      // Left unset so the select shows its prompt; the schema says 'Choose a brand'.
      brand: undefined as unknown as PartFormValues['brand'],
      category: undefined as unknown as PartFormValues['category'],
      partNumber: '',
      specifications: [],
      universal: false,
      fitment: [],
    };
  }
  return {
    name: part.name,
    seller: part.seller,
    price: String(part.price),
    img: part.img,
    description: part.description,
    stock: String(part.stock),
    availablequantity: String(part.availablequantity),
    minquantity: String(part.minquantity),
    brand: part.brand as PartFormValues['brand'],
    category: part.category as PartFormValues['category'],
    partNumber: part.partNumber,
    specifications: part.specifications,
    universal: part.universal,
    fitment: part.fitment,
  };
}

/** A small labelled control inside a repeated row, its error underneath. */
function RowField({
  id,
  label,
  error,
  className = '',
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  /** Extra classes for the wrapper (a grid column span). */
  className?: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={`flex min-w-0 flex-1 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-semibold text-slate-700">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface PartFormProps {
  /** The part being edited; absent for a new one. */
  part?: Part;
  onSaved: (name: string) => void;
}

/**
 * The part form (admins): details, photo (uploaded as soon as it is picked, so `img` holds its
 * address and the shared PartInputSchema checks the whole form), stock, specifications and
 * fitment rows.
 */
export function PartForm({ part, onSaved }: PartFormProps) {
  const baseId = useId();
  const form = useAppForm<PartFormValues, unknown, PartInput>({
    resolver,
    defaultValues: defaultsOf(part),
  });
  const specs = useFieldArray({ control: form.control, name: 'specifications' });
  const fitment = useFieldArray({ control: form.control, name: 'fitment' });
  const save = useSavePart(part?._id);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;
  const img = useWatch({ control: form.control, name: 'img' });

  async function pickPhoto(file: File | null) {
    form.clearErrors('img');
    if (!file) return;
    const checked = photoFile.safeParse(file);
    if (!checked.success) {
      form.setError('img', { message: checked.error.issues[0]?.message ?? messages.imgRequired });
      return;
    }
    setUploading(true);
    try {
      const url = await uploadImage(file);
      form.setValue('img', url, { shouldDirty: true, shouldValidate: true });
    } catch (e) {
      const fieldError = isApiError(e) ? e.errors.find((f) => f.field === 'img') : undefined;
      form.setError('img', {
        message: fieldError?.message ?? problemText(e, 'The photo could not be uploaded. Please try again.'),
      });
    } finally {
      setUploading(false);
    }
  }

  function showServerErrors(e: unknown) {
    const fieldErrors = isApiError(e)
      ? e.errors.filter((f) => FIELDS.has(f.field.split(/[.[]/)[0] ?? ''))
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
        <FormField label="Brand" error={errors.brand?.message}>
          {(control) => (
            <select
              {...control}
              {...form.register('brand')}
              defaultValue={form.formState.defaultValues?.brand ?? ''}
              className={inputClass}
            >
              <option value="">Choose a brand</option>
              {BRANDS.map((brand) => (
                <option key={brand} value={brand}>
                  {brand}
                </option>
              ))}
            </select>
          )}
        </FormField>
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
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-start">
          {img ? (
            <img
              src={img}
              alt={part ? `Current: ${part.name}` : 'Chosen for this part'}
              width={96}
              height={96}
              className="size-24 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-contain"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <FormField
              label="Photo"
              error={errors.img?.message}
              hint={
                uploading
                  ? 'Uploading the photo…'
                  : `A PNG, JPEG or WebP photo, up to ${UPLOAD_MAX_MB} MB${img ? '; choose one to replace the current photo' : ''}.`
              }
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name="img"
                  render={({ field }) => (
                    <input
                      {...control}
                      ref={field.ref}
                      name="photo"
                      onBlur={field.onBlur}
                      onChange={(event) => void pickPhoto(event.target.files?.[0] ?? null)}
                      type="file"
                      accept={UPLOAD_ACCEPT}
                      className={fileInputClass}
                    />
                  )}
                />
              )}
            </FormField>
          </div>
        </div>
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

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-4 text-xl font-bold text-slate-900">Specifications</legend>
        {specs.fields.length === 0 ? <p className="text-slate-600">No specifications yet.</p> : null}
        <ul className="flex flex-col gap-3">
          {specs.fields.map((row, index) => {
            const rowErrors = errors.specifications?.[index];
            const n = index + 1;
            return (
              <li
                key={row.id}
                className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-end"
              >
                <RowField
                  id={`${baseId}-spec-${index}-key`}
                  label={`Spec key ${n}`}
                  error={rowErrors?.key?.message}
                >
                  {(control) => (
                    <input
                      {...control}
                      {...form.register(`specifications.${index}.key`)}
                      type="text"
                      placeholder="e.g. Compound"
                      className={inputClass}
                    />
                  )}
                </RowField>
                <RowField
                  id={`${baseId}-spec-${index}-value`}
                  label={`Spec value ${n}`}
                  error={rowErrors?.value?.message}
                >
                  {(control) => (
                    <input
                      {...control}
                      {...form.register(`specifications.${index}.value`)}
                      type="text"
                      placeholder="e.g. Semi-metallic"
                      className={inputClass}
                    />
                  )}
                </RowField>
                <button
                  type="button"
                  aria-label={`Remove specification row ${n}`}
                  className={buttonStyles('ghost', 'md', 'text-red-700')}
                  onClick={() => specs.remove(index)}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
        {errors.specifications?.message ? (
          <p className="text-sm font-medium text-red-700">{errors.specifications.message}</p>
        ) : null}
        <button
          type="button"
          className={buttonStyles('secondary', 'md', 'self-start')}
          onClick={() => specs.append({ key: '', value: '' })}
        >
          Add specification
        </button>
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-4 text-xl font-bold text-slate-900">Fitment</legend>
        <div className="flex flex-col gap-1">
          <div className="flex items-start gap-3">
            <input
              {...form.register('universal')}
              id={`${baseId}-universal`}
              type="checkbox"
              aria-invalid={Boolean(errors.universal)}
              aria-describedby={[
                errors.universal ? `${baseId}-universal-error` : '',
                `${baseId}-universal-hint`,
              ]
                .filter(Boolean)
                .join(' ')}
              className="mt-0.5 size-5 shrink-0 accent-red-700"
            />
            <label htmlFor={`${baseId}-universal`} className="text-sm font-semibold text-slate-800">
              Universal (fits any bike)
            </label>
          </div>
          <p id={`${baseId}-universal-hint`} className="text-sm text-slate-600">
            Shown for every bike in the catalogue. Rows below still say where it goes on a listed bike.
          </p>
          {errors.universal?.message ? (
            <p id={`${baseId}-universal-error`} className="text-sm font-medium text-red-700">
              {errors.universal.message}
            </p>
          ) : null}
        </div>
        {fitment.fields.length === 0 ? <p className="text-slate-600">No fitment rows yet.</p> : null}
        <ul className="flex flex-col gap-3">
          {fitment.fields.map((row, index) => {
            const rowErrors = errors.fitment?.[index];
            const n = index + 1;
            const id = (name: string) => `${baseId}-fit-${index}-${name}`;
            return (
              // Two columns on a phone (position, quantity and note full width so their words fit), four
              // from sm: the bike and years first, then how it fits.
              <li key={row.id} className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-4">
                <RowField id={id('make')} label={`Make ${n}`} error={rowErrors?.make?.message}>
                  {(control) => (
                    <input
                      {...control}
                      {...form.register(`fitment.${index}.make`)}
                      type="text"
                      className={inputClass}
                    />
                  )}
                </RowField>
                <RowField id={id('model')} label={`Model ${n}`} error={rowErrors?.model?.message}>
                  {(control) => (
                    <input
                      {...control}
                      {...form.register(`fitment.${index}.model`)}
                      type="text"
                      className={inputClass}
                    />
                  )}
                </RowField>
                <RowField id={id('from')} label={`From year ${n}`} error={rowErrors?.yearFrom?.message}>
                  {(control) => (
                    <input
                      {...control}
                      {...form.register(`fitment.${index}.yearFrom`, { setValueAs: numberValue })}
                      type="number"
                      inputMode="numeric"
                      min={1950}
                      max={2100}
                      className={inputClass}
                    />
                  )}
                </RowField>
                <RowField id={id('to')} label={`To year ${n}`} error={rowErrors?.yearTo?.message}>
                  {(control) => (
                    <input
                      {...control}
                      {...form.register(`fitment.${index}.yearTo`, { setValueAs: numberValue })}
                      type="number"
                      inputMode="numeric"
                      min={1950}
                      max={2100}
                      className={inputClass}
                    />
                  )}
                </RowField>
                <RowField
                  id={id('position')}
                  label={`Position ${n}`}
                  error={rowErrors?.position?.message}
                  className="col-span-2 sm:col-span-1"
                >
                  {(control) => (
                    <select
                      {...control}
                      {...form.register(`fitment.${index}.position`, { setValueAs: textOrNull })}
                      // The row's own value, as the Brand select does: the select shows it on mount.
                      defaultValue={row.position ?? ''}
                      className={inputClass}
                    >
                      <option value="">Any / not applicable</option>
                      {FITMENT_POSITIONS.map((position) => (
                        <option key={position} value={position}>
                          {POSITION_LABELS[position]}
                        </option>
                      ))}
                    </select>
                  )}
                </RowField>
                <RowField
                  id={id('quantity')}
                  label={`Quantity per bike ${n}`}
                  error={rowErrors?.quantity?.message}
                  className="col-span-2 sm:col-span-1"
                >
                  {(control) => (
                    <input
                      {...control}
                      {...form.register(`fitment.${index}.quantity`, { setValueAs: numberValue })}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={99}
                      step={1}
                      className={inputClass}
                    />
                  )}
                </RowField>
                <RowField
                  id={id('note')}
                  label={`Note ${n}`}
                  error={rowErrors?.note?.message}
                  className="col-span-2"
                >
                  {(control) => (
                    <input
                      {...control}
                      {...form.register(`fitment.${index}.note`, { setValueAs: textOrNull })}
                      type="text"
                      maxLength={200}
                      placeholder="e.g. Not for ABS models"
                      className={inputClass}
                    />
                  )}
                </RowField>
                <button
                  type="button"
                  aria-label={`Remove fitment row ${n}`}
                  className={buttonStyles(
                    'ghost',
                    'md',
                    'col-span-2 text-red-700 sm:col-span-4 sm:justify-self-end',
                  )}
                  onClick={() => fitment.remove(index)}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
        {errors.fitment?.message ? (
          <p className="text-sm font-medium text-red-700">{errors.fitment.message}</p>
        ) : null}
        <button
          type="button"
          className={buttonStyles('secondary', 'md', 'self-start')}
          onClick={() => fitment.append(emptyFitmentRow())}
        >
          Add fitment
        </button>
      </fieldset>

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
