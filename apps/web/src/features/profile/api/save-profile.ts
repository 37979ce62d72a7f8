import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInfoInput } from '@pitstop/core/accounts';
import { apiPost } from '@/lib/api-client';
import { sessionKeys } from '@/lib/current-user';
import { uploadImage } from '@/lib/uploads';

/** POST /api/userInfo (spec §7): saves name, occupation and photo on the caller's account. */
export function saveUserInfo(input: UserInfoInput): Promise<{ insertedId: string }> {
  return apiPost<{ insertedId: string }>('/userInfo', input);
}

export interface SaveProfileInput extends Omit<UserInfoInput, 'img'> {
  /** A newly chosen photo, uploaded first; null keeps the photo already on the account. */
  photo: File | null;
}

/**
 * Upload the photo (when a new one was chosen), then save the user information (spec §4's
 * review flow, reused here). Without a new photo no `img` is sent and the server keeps the
 * account's own (issue #28). The current user is refetched so the profile and navbar update.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ photo, ...info }: SaveProfileInput) => {
      // A refused upload rejects with a field error on `img`, shown under Photo.
      const img = photo ? await uploadImage(photo) : undefined;
      return saveUserInfo(img ? { ...info, img } : info);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me() }),
  });
}
