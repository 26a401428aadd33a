import type { UserInfo } from '@app/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/auth-keys';
import { api, toast } from '@/lib/api-client';

export type UpdateProfileInput = { name: string; photo: File | null; removePhoto: boolean };

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => {
      const body = new FormData();
      body.set('name', input.name);
      if (input.photo) body.set('photo', input.photo);
      if (input.removePhoto) body.set('remove_photo', '1');
      return api.post<{ message: string; data: UserInfo }>('update-profile', body);
    },
    onSuccess: (res) => {
      queryClient.setQueryData(authKeys.me(), res.data);
      toast(res.message);
    },
  });
}
