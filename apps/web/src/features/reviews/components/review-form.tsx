import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@pitstop/core/accounts';
import { authErrorTexts, messages } from '@pitstop/core/messages';
import { CreateReviewSchema, REVIEW_MAX, reviewTexts, type Review } from '@pitstop/core/reviews';
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { PhotoField } from '@/components/ui/photo-field';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { photoFileSchema, UPLOAD_MAX_MB } from '@/lib/photo-file';
import { useAddReview } from '../api/create-review';
import { RatingInput } from './rating-input';

/**
 * The spec's review-form rules (§5) from the shared CreateReviewSchema, with the photo as the
 * file picked here (the schema's `img` is the address the upload answers). The part is not a
 * field anyone types: it comes from the link on My Orders.
 */
const reviewFormSchema = (photoRequired: boolean) =>
  CreateReviewSchema.pick({
    email: true,
    name: true,
    descriptions: true,
    rating: true,
  }).extend({ photo: photoFileSchema({ required: photoRequired }) });

type FieldName = 'name' | 'email' | 'descriptions' | 'rating' | 'photo';

/** Server field names (POST /api/reviews, POST /api/uploads) → this form's fields. */
const SERVER_FIELDS: Record<string, FieldName> = {
  name: 'name',
  email: 'email',
  descriptions: 'descriptions',
  rating: 'rating',
  img: 'photo',
  image: 'photo',
};

function addErrorText(error: unknown): string {
  if (isApiError(error) && error.isNetworkError) return authErrorTexts.network;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return 'Your review could not be added. Please try again.';
}

interface ReviewFormProps {
  /** The part being reviewed (the `part` of /addreview?order=…&part=…). */
  partId: string;
  customer: Pick<Profile, 'name' | 'email'>;
  /** The customer's earlier review of the part: the form edits it (one review per part). */
  existing?: Review | null;
  /** Called after the review was added (the part's rating has changed). */
  onAdded?: () => void;
}

/** The Add review form (spec §2, §4, §5): name, email, rating, descriptions and a photo. */
export function ReviewForm({ partId, customer, existing = null, onAdded }: ReviewFormProps) {
  const form = useAppForm({
    // Editing keeps the photo already there unless another is chosen.
    resolver: zodResolver(reviewFormSchema(existing === null)),
    defaultValues: {
      name: existing?.name ?? customer.name,
      email: customer.email,
      descriptions: existing?.descriptions ?? '',
      rating: existing?.rating ?? 0,
      photo: null,
    },
  });
  const addReview = useAddReview();
  const [added, setAdded] = useState(false);
  // A new key empties the file picker after a review is added (a file input's value can't be set).
  const [pickerKey, setPickerKey] = useState(0);
  const { errors } = form.formState;
  // "Comment Successfully" is where the customer looks next: focus moves to it once shown.
  const addedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (added) addedRef.current?.focus();
  }, [added]);

  const serverFieldErrors = isApiError(addReview.error)
    ? addReview.error.errors.filter((error) => error.field in SERVER_FIELDS)
    : [];
  const generalError = addReview.isError && serverFieldErrors.length === 0;

  return (
    <form
      noValidate
      aria-label="Add review"
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit(({ photo, ...review }) => {
        setAdded(false);
        const picture = photo ? { photo } : existing ? { photo: null, img: existing.img } : undefined;
        if (!picture) return; // the schema requires a photo for a first review
        addReview.mutate(
          { ...review, ...picture, productId: partId },
          {
            onSuccess: ({ insertedId }) => {
              if (!insertedId) return;
              // An edited review stays in the form as saved; a first one empties it (spec §4).
              form.reset(existing ? { ...review, photo: null } : undefined);
              setPickerKey((key) => key + 1);
              setAdded(true);
              onAdded?.();
            },
            onError: (error) => {
              if (!isApiError(error)) return;
              for (const { field, message } of error.errors) {
                const target = SERVER_FIELDS[field];
                if (target) form.setError(target, { message }, { shouldFocus: true });
              }
            },
          },
        );
      })}
    >
      {existing ? <p className="text-slate-700">{reviewTexts.editing}</p> : null}
      <p
        ref={addedRef}
        role="status"
        tabIndex={-1}
        className={
          added
            ? 'rounded-xl border border-green-200 bg-green-50 px-5 py-3 font-medium text-green-900'
            : 'sr-only'
        }
      >
        {added ? messages.reviewAdded : ''}
      </p>
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
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <RatingInput
            name={field.name}
            value={typeof field.value === 'number' ? field.value : Number(field.value) || 0}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.rating?.message}
          />
        )}
      />
      <FormField label="Descriptions" error={errors.descriptions?.message}>
        {(control) => (
          <textarea
            {...control}
            {...form.register('descriptions')}
            rows={5}
            maxLength={REVIEW_MAX}
            className={`${inputClass} resize-y`}
          />
        )}
      </FormField>
      <PhotoField
        control={form.control}
        name="photo"
        error={errors.photo?.message}
        hint={`${existing ? `${reviewTexts.keepPhoto} ` : ''}A PNG, JPEG or WebP photo of the part, up to ${UPLOAD_MAX_MB} MB.`}
        resetKey={pickerKey}
      />
      {generalError ? (
        <p role="alert" className="font-medium text-red-700">
          Error: {addErrorText(addReview.error)}
        </p>
      ) : null}
      <button
        type="submit"
        className={buttonStyles('primary', 'lg', 'w-full')}
        disabled={addReview.isPending}
      >
        {addReview.isPending ? 'Adding…' : 'Add Review'}
      </button>
    </form>
  );
}
