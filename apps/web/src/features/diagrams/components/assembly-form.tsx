import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import {
  AssemblyInputSchema,
  diagramPicture,
  diagramTexts,
  type AssemblyDetail,
  type AssemblyInput,
} from '@pitstop/core/diagrams';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { uploadDiagramPicture, useSaveAssembly } from '../api/admin-diagrams';

type Values = {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  name: string;
  slug: string;
  image: string;
  position: number;
};
const FIELDS = ['make', 'model', 'yearFrom', 'yearTo', 'name', 'slug', 'image', 'position'] as const;

function valuesOf(assembly: AssemblyDetail | undefined): Values {
  const year = new Date().getFullYear();
  return assembly
    ? {
        make: assembly.make,
        model: assembly.model,
        yearFrom: assembly.yearFrom,
        yearTo: assembly.yearTo,
        name: assembly.name,
        slug: assembly.slug,
        image: assembly.image,
        position: assembly.position,
      }
    : { make: '', model: '', yearFrom: year, yearTo: year, name: '', slug: '', image: '', position: 0 };
}

/**
 * An assembly's facts: the bike (make, model, years), its name and address, its place in the
 * list, and its picture (uploaded at once when picked: PNG, WebP, or SVG the server cleans).
 */
export function AssemblyForm({
  assembly,
  onSaved,
}: {
  assembly?: AssemblyDetail;
  onSaved: (saved: AssemblyDetail) => void;
}) {
  const form = useAppForm<Values, unknown, AssemblyInput>({
    resolver: zodResolver(AssemblyInputSchema) as never,
    defaultValues: valuesOf(assembly),
  });
  const save = useSaveAssembly(assembly?.id);
  const [said, setSaid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const { errors } = form.formState;
  const image = form.watch('image');

  async function pick(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setSaid(null);
    form.clearErrors('image');
    try {
      const uploaded = await uploadDiagramPicture(file);
      form.setValue('image', uploaded.url, { shouldDirty: true });
      if (uploaded.removed.length > 0)
        setSaid(diagramScreenTexts.removedFromSvg(uploaded.removed.join(', ')));
    } catch (e) {
      form.setError('image', { message: problemText(e, diagramTexts.imageTypes) }, { shouldFocus: true });
    } finally {
      setUploading(false);
    }
  }

  const number = { valueAsNumber: true } as const;
  return (
    <form
      noValidate
      aria-label={assembly ? diagramTexts.editAssembly : diagramTexts.newAssembly}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      onSubmit={form.handleSubmit((values) => {
        setSaid(null);
        setError(null);
        save.mutate(values, {
          onSuccess: (saved) => {
            setSaid(diagramTexts.saved);
            form.reset(valuesOf(saved));
            onSaved(saved);
          },
          onError: (e) => {
            const fieldErrors = isApiError(e)
              ? e.errors.filter((f) => (FIELDS as readonly string[]).includes(f.field))
              : [];
            for (const { field, message } of fieldErrors)
              form.setError(field as (typeof FIELDS)[number], { message }, { shouldFocus: true });
            if (isApiError(e) && e.status === 409)
              form.setError('slug', { message: e.message }, { shouldFocus: true });
            else if (fieldErrors.length === 0) setError(problemText(e, 'The assembly could not be saved.'));
          },
        });
      })}
    >
      <StatusNotice message={said} />
      <ErrorNotice message={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={diagramScreenTexts.make} error={errors.make?.message} {...form.register('make')} />
        <TextField
          label={diagramScreenTexts.model}
          error={errors.model?.message}
          {...form.register('model')}
        />
        <TextField
          label={diagramScreenTexts.yearFrom}
          type="number"
          inputMode="numeric"
          error={errors.yearFrom?.message}
          {...form.register('yearFrom', number)}
        />
        <TextField
          label={diagramScreenTexts.yearTo}
          type="number"
          inputMode="numeric"
          error={errors.yearTo?.message}
          {...form.register('yearTo', number)}
        />
        <TextField label={diagramScreenTexts.name} error={errors.name?.message} {...form.register('name')} />
        <TextField
          label={diagramScreenTexts.slug}
          hint={diagramScreenTexts.slugHint}
          error={errors.slug?.message}
          {...form.register('slug')}
        />
        <TextField
          label={diagramScreenTexts.position}
          type="number"
          inputMode="numeric"
          error={errors.position?.message}
          {...form.register('position', number)}
        />
        <FormField
          label={diagramTexts.uploadPicture}
          hint={diagramTexts.pictureHint}
          error={errors.image?.message}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept="image/png,image/webp,image/svg+xml,.svg"
              onChange={(event) => void pick(event.target.files?.[0])}
              className={inputClass}
            />
          )}
        </FormField>
      </div>
      {uploading ? <p role="status">{diagramScreenTexts.uploading}</p> : null}
      {image ? (
        <img
          src={diagramPicture(image).src}
          width={diagramPicture(image).width}
          height={diagramPicture(image).height}
          alt=""
          className="h-auto max-h-48 w-auto self-start rounded-lg border border-slate-200"
        />
      ) : null}
      <button
        type="submit"
        className={buttonStyles('primary', 'md', 'self-start')}
        disabled={save.isPending || uploading}
      >
        {save.isPending ? diagramScreenTexts.saving : diagramScreenTexts.save}
      </button>
    </form>
  );
}
