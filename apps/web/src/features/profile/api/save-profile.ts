import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInfoInput } from '@pitstop/core/accounts';
import { ApiError, apiPost, isApiError } from '@/lib/api-client';
import { sessionKeys } from '@/lib/current-user';
import { uploadImage } from '@/lib/uploads';

/** POST /api/userInfo (spec §7): saves name, occupation and photo on the caller's account. */
export function saveUserInfo(input: UserInfoInput): Promise<{ insertedId: string }> {
  return apiPost<{ insertedId: string }>('/userInfo', input);
}

export interface SaveProfileInput extends Omit<UserInfoInput, 'img'> {
  /** A newly chosen photo, uploaded first; null keeps `currentImage`. */
  photo: File | null;
  currentImage: string | null;
}

/** A refused upload is about the photo: report it as that field's error. */
function asPhotoError(error: unknown): unknown {
  if (!isApiError(error) || error.status < 400 || error.status >= 500 || error.status === 401) return error;
  if (error.errors.length > 0) return error;
  return new ApiError({
    status: error.status,
    title: error.title,
    detail: error.detail,
    type: error.type,
    errors: [{ field: 'img', message: error.detail ?? error.title }],
  });
}

/**
 * Upload the photo (when a new one was chosen), then save the user information (spec §4's
 * review flow, reused here). The current user is refetched so the profile and navbar update.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photo, currentImage, ...info }: SaveProfileInput) => {
      let img = currentImage ?? '';
      if (photo) {
        try {
          img = await uploadImage(photo);
        } catch (error) {
          throw asPhotoError(error);
        }
      }
      return saveUserInfo({ ...info, img });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
  });
}
