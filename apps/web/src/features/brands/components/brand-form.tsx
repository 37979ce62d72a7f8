import { zodResolver } from '@hookform/resolvers/zod';
import {
  BRAND_KINDS,
  BrandInputSchema,
  brandsTexts,
  type Brand,
  type BrandInput,
} from '@pitstop/core/brands';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, fileInputClass } from '@/components/ui/form-field';
import { ErrorNotice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { photoFileSchema, UPLOAD_MAX_MB } from '@/lib/photo-file';
import { UPLOAD_ACCEPT, uploadImage } from '@/lib/uploads';
import { useSaveBrand } from '../api/save-brand';

type BrandFormValues = z.input<typeof BrandInputSchema>;
const FIELDS = new Set(['name', 'kind', 'logo', 'featured']);
const resolver = zodResolver(BrandInputSchema);
const logoFile = photoFileSchema({ required: true });

interface BrandFormProps {
  /** The brand being edited; absent to add one. */
  brand?: Brand;
  onSaved: (saved: Brand, was: Brand | undefined) => void;
  /** Leaves editing (absent when adding). */
  onCancel?: () => void;
}

/**
 * Add or edit a brand: name, OEM or aftermarket, featured, and a logo uploaded as soon as it is
 * picked (as the part form's photo), so `logo` holds a stored upload's address. Checked by the
 * shared BrandInputSchema; the server's refusals (a name taken, 409) show under their fields.
 */
export function BrandForm({ brand, onSaved, onCancel }: BrandFormProps) {
  const form = useAppForm<BrandFormValues, unknown, BrandInput>({
    resolver,
    defaultValues: {
      name: brand?.name ?? '',
      kind: brand?.kind ?? ('' as BrandFormValues['kind']),
      logo: brand?.logo ?? null,
      featured: brand?.featured ?? false,
    },
  });
  const save = useSaveBrand(brand?._id);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const logo = useWatch({ control: form.control, name: 'logo' });
  const { errors } = form.formState;
  const kindName = useId();
  const title = brand ? brandsTexts.edit(brand.name) : brandsTexts.add;

  // Edit pressed in the list: the form it opens is where the keyboard goes next.
  useEffect(() => {
    if (brand) form.setFocus('name');
  }, [brand, form]);

  async function pickLogo(file: File | null) {
    form.clearErrors('logo');
    if (!file) return;
    const checked = logoFile.safeParse(file);
    if (!checked.success) {
      form.setError('logo', { message: checked.error.issues[0]?.message ?? brandsTexts.saveFailed });
      return;
    }
    setUploading(true);
    try {
      const url = await uploadImage(file);
      form.setValue('logo', url, { shouldDirty: true, shouldValidate: true });
    } catch (e) {
      const fieldError = isApiError(e) ? e.errors.find((f) => f.field === 'img') : undefined;
      form.setError('logo', { message: fieldError?.message ?? problemText(e, brandsTexts.saveFailed) });
    } finally {
      setUploading(false);
    }
  }

  function showServerErrors(e: unknown) {
    const fieldErrors = isApiError(e) ? e.errors.filter((f) => FIELDS.has(f.field)) : [];
    fieldErrors.forEach(({ field, message }, i) => {
      form.setError(field as keyof BrandFormValues, { message }, { shouldFocus: i === 0 });
    });
    if (fieldErrors.length === 0) setError(problemText(e, brandsTexts.saveFailed));
  }

  return (
    <form
      noValidate
      aria-label={title}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      onSubmit={form.handleSubmit((values) => {
        setError(null);
        save.mutate(values, { onSuccess: (saved) => onSaved(saved, brand), onError: showServerErrors });
      })}
    >
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={brandsTexts.name}
          error={errors.name?.message}
          {...form.register('name')}
          type="text"
          autoComplete="off"
        />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold text-slate-800">{brandsTexts.kind}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {BRAND_KINDS.map((kind) => (
              <label key={kind} className="flex min-h-11 cursor-pointer items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  value={kind}
                  className="size-4 accent-red-700"
                  aria-describedby={errors.kind ? `${kindName}-error` : undefined}
                  {...form.register('kind')}
                />
                {brandsTexts.kindNames[kind]}
              </label>
            ))}
          </div>
          {errors.kind ? (
            <p id={`${kindName}-error`} className="text-sm font-medium text-red-700">
              {errors.kind.message}
            </p>
          ) : null}
        </fieldset>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {logo ? (
          <img
            src={logo}
            alt={brand ? brandsTexts.logoAlt(brand.name) : brandsTexts.logoChosen}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-contain"
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <FormField
            label={brandsTexts.logo}
            error={errors.logo?.message}
            hint={uploading ? brandsTexts.logoUploading : brandsTexts.logoHint(UPLOAD_MAX_MB)}
          >
            {(control) => (
              <input
                {...control}
                name="logo-file"
                type="file"
                accept={UPLOAD_ACCEPT}
                className={fileInputClass}
                onChange={(event) => void pickLogo(event.target.files?.[0] ?? null)}
              />
            )}
          </FormField>
          {logo ? (
            <button
              type="button"
              className={buttonStyles('secondary', 'sm', 'self-start')}
              onClick={() => form.setValue('logo', null, { shouldDirty: true })}
            >
              {brandsTexts.removeLogo}
            </button>
          ) : null}
        </div>
      </div>

      <label className="flex min-h-11 cursor-pointer items-center gap-2 text-slate-800">
        <input type="checkbox" className="size-4 accent-red-700" {...form.register('featured')} />
        <span>
          {brandsTexts.featured}
          <span className="block text-sm text-slate-600">{brandsTexts.featuredHint}</span>
        </span>
      </label>

      <ErrorNotice message={error} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="submit"
          className={buttonStyles('primary', 'md')}
          disabled={save.isPending || uploading}
        >
          {save.isPending
            ? brand
              ? brandsTexts.saving
              : brandsTexts.adding
            : brand
              ? brandsTexts.save
              : brandsTexts.add}
        </button>
        {onCancel ? (
          <button type="button" className={buttonStyles('secondary', 'md')} onClick={onCancel}>
            {brandsTexts.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
