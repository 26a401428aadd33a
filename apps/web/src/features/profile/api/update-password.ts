import { useMutation } from '@tanstack/react-query';
import { api, toast } from '@/lib/api-client';
import { setToken } from '@/lib/storage';

export type UpdatePasswordInput = { current_password: string; password: string; password_confirmation: string };

/** Other sessions end on a password change; this one continues with the token the server returns. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: UpdatePasswordInput) => api.post<{ message: string; data: { token: string } }>('auth/update-password', input),
    onSuccess: (res) => {
      setToken(res.data.token);
      toast(res.message);
    },
  });
}
