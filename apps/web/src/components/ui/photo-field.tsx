import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { UPLOAD_ACCEPT } from '@/lib/uploads';
import { FormField, fileInputClass } from './form-field';

interface PhotoFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  /** The form field that holds the picked File (or null). */
  name: FieldPath<TValues>;
  label?: string;
  error?: string | undefined;
  hint: string;
  /** A new value empties the picker (a file input's value can't be set). */
  resetKey?: number;
}

/** A file picker for one photo, kept in the form as the picked File (null when none). */
export function PhotoField<TValues extends FieldValues>({
  control: formControl,
  name,
  label = 'Photo',
  error,
  hint,
  resetKey,
}: PhotoFieldProps<TValues>) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <Controller
          control={formControl}
          name={name}
          render={({ field }) => (
            <input
              {...control}
              key={resetKey}
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
              type="file"
              accept={UPLOAD_ACCEPT}
              className={fileInputClass}
            />
          )}
        />
      )}
    </FormField>
  );
}
