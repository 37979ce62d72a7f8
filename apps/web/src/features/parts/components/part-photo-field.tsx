import { messages } from '@pitstop/core/messages';
import { Controller, useWatch } from 'react-hook-form';
import { FormField, fileInputClass } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { photoFileSchema, UPLOAD_MAX_MB } from '@/lib/photo-file';
import { UPLOAD_ACCEPT, uploadImage } from '@/lib/uploads';
import type { PartFormApi } from './part-form-values';

const photoFile = photoFileSchema({ required: true });

interface PartPhotoFieldProps {
  form: PartFormApi;
  /** The name of the part being edited, for the current photo's text; absent for a new one. */
  partName: string | undefined;
  uploading: boolean;
  /** The form waits for an upload before it can be saved. */
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * The part's photo: uploaded as soon as it is picked, so `img` holds its address and the
 * shared PartInputSchema checks the whole form. The photo chosen (or the current one) is shown.
 */
export function PartPhotoField({ form, partName, uploading, onUploadingChange }: PartPhotoFieldProps) {
  const img = useWatch({ control: form.control, name: 'img' });
  const error = form.formState.errors.img?.message;

  async function pickPhoto(file: File | null) {
    form.clearErrors('img');
    if (!file) return;
    const checked = photoFile.safeParse(file);
    if (!checked.success) {
      form.setError('img', { message: checked.error.issues[0]?.message ?? messages.imgRequired });
      return;
    }
    onUploadingChange(true);
    try {
      const url = await uploadImage(file);
      form.setValue('img', url, { shouldDirty: true, shouldValidate: true });
    } catch (e) {
      const fieldError = isApiError(e) ? e.errors.find((f) => f.field === 'img') : undefined;
      form.setError('img', {
        message: fieldError?.message ?? problemText(e, 'The photo could not be uploaded. Please try again.'),
      });
    } finally {
      onUploadingChange(false);
    }
  }

  return (
    <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-start">
      {img ? (
        <img
          src={img}
          alt={partName !== undefined ? `Current: ${partName}` : 'Chosen for this part'}
          width={96}
          height={96}
          className="size-24 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-contain"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <FormField
          label="Photo"
          error={error}
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
  );
}
