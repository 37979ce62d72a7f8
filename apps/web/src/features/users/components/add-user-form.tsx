import { zodResolver } from '@hookform/resolvers/zod';
import { AddUserSchema } from '@pitstop/core/admin';
import { OCCUPATIONS } from '@pitstop/core/accounts';
import { useState } from 'react';
import { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { PhotoField } from '@/components/ui/photo-field';
import { TextField } from '@/components/ui/text-field';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { photoFileSchema, UPLOAD_MAX_MB } from '@/lib/photo-file';
import { useAddUser } from '../api/add-user';

/** The shared AddUserSchema, with the photo as the file picked here (uploaded on submit). */
const addUserFormSchema = AddUserSchema.pick({ name: true, email: true }).extend({
  occupation: z.string().pipe(AddUserSchema.shape.occupation),
  photo: photoFileSchema({ required: true }).transform((file) => file as File),
});

type FieldName = 'name' | 'email' | 'occupation' | 'photo';
const SERVER_FIELDS: Record<string, FieldName> = {
  name: 'name',
  email: 'email',
  occupation: 'occupation',
  img: 'photo',
  image: 'photo',
};

const EMPTY = { name: '', email: '', occupation: '', photo: null };

/** Add User (admins): the user-information form creates the account and mails a set-password link. */
export function AddUserForm() {
  const form = useAppForm({
    resolver: zodResolver(addUserFormSchema),
    defaultValues: EMPTY,
  });
  const add = useAddUser();
  const [pickerKey, setPickerKey] = useState(0);
  const [added, setAdded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;

  return (
    <form
      noValidate
      aria-labelledby="add-user-heading"
      className="flex max-w-2xl flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      onSubmit={form.handleSubmit((values) => {
        setAdded(null);
        setError(null);
        add.mutate(values, {
          onSuccess: () => {
            setAdded(`${values.name} was added. We mailed ${values.email} a link to set their password.`);
            form.reset(EMPTY);
            setPickerKey((key) => key + 1);
          },
          onError: (e) => {
            const fieldErrors = isApiError(e) ? e.errors.filter((f) => f.field in SERVER_FIELDS) : [];
            for (const { field, message } of fieldErrors) {
              const target = SERVER_FIELDS[field];
              if (target) form.setError(target, { message }, { shouldFocus: true });
            }
            if (fieldErrors.length > 0) return;
            // 409: that email already has an account; it belongs under Email.
            if (isApiError(e) && e.status === 409) {
              form.setError('email', { message: e.message }, { shouldFocus: true });
              return;
            }
            setError(`Error: ${problemText(e, 'The user could not be added. Please try again.')}`);
          },
        });
      })}
    >
      <h2 id="add-user-heading" className="text-xl font-bold text-slate-900">
        User information
      </h2>
      <StatusNotice message={added} />
      <TextField
        label="Name"
        error={errors.name?.message}
        {...form.register('name')}
        type="text"
        autoComplete="off"
      />
      <TextField
        label="Email"
        error={errors.email?.message}
        hint="We mail a link to set a password here."
        {...form.register('email')}
        type="email"
        autoComplete="off"
      />
      <FormField label="Occupation" error={errors.occupation?.message}>
        {(control) => (
          <select {...control} {...form.register('occupation')} defaultValue="" className={inputClass}>
            <option value="">Choose an occupation</option>
            {OCCUPATIONS.map((occupation) => (
              <option key={occupation} value={occupation}>
                {occupation}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <PhotoField
        control={form.control}
        name="photo"
        error={errors.photo?.message}
        hint={`A PNG, JPEG or WebP photo, up to ${UPLOAD_MAX_MB} MB.`}
        resetKey={pickerKey}
      />
      <ErrorNotice message={error} />
      <button
        type="submit"
        className={buttonStyles('primary', 'lg', 'w-full sm:w-auto sm:self-start')}
        disabled={add.isPending}
      >
        {add.isPending ? 'Adding…' : 'Add User'}
      </button>
    </form>
  );
}
