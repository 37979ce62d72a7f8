import { zodResolver } from '@hookform/resolvers/zod';
import { OCCUPATIONS, UserInfoSchema, type Profile } from '@pitstop/core/accounts';
import { authErrorTexts } from '@pitstop/core/messages';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { PhotoField } from '@/components/ui/photo-field';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { photoFileSchema, UPLOAD_MAX_MB } from '@/lib/photo-file';
import { useSaveProfile } from '../api/save-profile';

/**
 * The spec's user-information rules (§5) from the shared UserInfoSchema, with the photo as the
 * file picked here. A photo already on the account (an upload, or a Google account's picture) is
 * kept unless a new one is chosen, so ' Img is Required' applies only when there is none.
 */
function userInfoFormSchema(hasCurrentPhoto: boolean) {
  return UserInfoSchema.pick({ email: true, name: true }).extend({
    // The select starts empty when no occupation is saved; the enum's own message applies.
    occupation: z.string().pipe(UserInfoSchema.shape.occupation),
    photo: photoFileSchema({ required: !hasCurrentPhoto }),
  });
}

type FieldName = 'name' | 'email' | 'occupation' | 'photo';

/** Server field names (POST /api/userInfo, POST /api/uploads) → this form's fields. */
const SERVER_FIELDS: Record<string, FieldName> = {
  name: 'name',
  email: 'email',
  occupation: 'occupation',
  img: 'photo',
  image: 'photo',
};

function isOccupation(value: string | null): value is (typeof OCCUPATIONS)[number] {
  return (OCCUPATIONS as readonly (string | null)[]).includes(value);
}

function saveErrorText(error: unknown): string {
  if (isApiError(error) && error.isNetworkError) return authErrorTexts.network;
  if (isApiError(error) && error.status < 500) return error.message;
  return 'Your profile could not be saved. Please try again.';
}

interface UserInfoFormProps {
  profile: Profile;
  onSaved: () => void;
}

/** The user-information form (spec §5): name, email, photo and occupation. */
export function UserInfoForm({ profile, onSaved }: UserInfoFormProps) {
  // Any photo counts: the server keeps it when the form sends none (issue #28).
  const hasPhoto = Boolean(profile.image);
  const schema = useMemo(() => userInfoFormSchema(hasPhoto), [hasPhoto]);
  const form = useAppForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: profile.name,
      email: profile.email,
      occupation: isOccupation(profile.occupation) ? profile.occupation : '',
      photo: null,
    },
  });
  const save = useSaveProfile();
  // A new key empties the file picker after a save (a file input's value can't be set).
  const [pickerKey, setPickerKey] = useState(0);
  const { errors } = form.formState;

  const serverFieldErrors = isApiError(save.error)
    ? save.error.errors.filter((error) => error.field in SERVER_FIELDS)
    : [];
  const generalError = save.isError && serverFieldErrors.length === 0;

  return (
    <form
      noValidate
      aria-labelledby="user-info-heading"
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values, {
          onSuccess: () => {
            form.reset({ ...values, photo: null });
            setPickerKey((key) => key + 1);
            onSaved();
          },
          onError: (error) => {
            if (!isApiError(error)) return;
            for (const { field, message } of error.errors) {
              const target = SERVER_FIELDS[field];
              if (target) form.setError(target, { message }, { shouldFocus: true });
            }
          },
        }),
      )}
    >
      <h2 id="user-info-heading" className="text-xl font-bold text-slate-900">
        User information
      </h2>
      <TextField
        label="Name"
        error={errors.name?.message}
        {...form.register('name')}
        type="text"
        autoComplete="name"
      />
      <TextField
        label="Email"
        error={errors.email?.message}
        hint="The email you sign in with."
        {...form.register('email')}
        type="email"
        autoComplete="email"
        readOnly
      />
      <PhotoField
        control={form.control}
        name="photo"
        error={errors.photo?.message}
        hint={
          hasPhoto
            ? `Choose a new PNG, JPEG or WebP photo (up to ${UPLOAD_MAX_MB} MB), or keep the current one.`
            : `A PNG, JPEG or WebP photo, up to ${UPLOAD_MAX_MB} MB.`
        }
        resetKey={pickerKey}
      />
      <FormField label="Occupation" error={errors.occupation?.message}>
        {(control) => (
          // defaultValue as well as register: the initial choice must not depend on when the
          // form library writes it (happy-dom, for one, keeps the first option otherwise).
          <select
            {...control}
            {...form.register('occupation')}
            defaultValue={form.formState.defaultValues?.occupation ?? ''}
            className={inputClass}
          >
            <option value="">Choose your occupation</option>
            {OCCUPATIONS.map((occupation) => (
              <option key={occupation} value={occupation}>
                {occupation}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {generalError ? (
        <p role="alert" className="font-medium text-red-700">
          Error: {saveErrorText(save.error)}
        </p>
      ) : null}
      <button
        type="submit"
        className={buttonStyles('primary', 'lg', 'w-full sm:w-auto sm:self-start')}
        disabled={save.isPending}
      >
        {save.isPending ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
