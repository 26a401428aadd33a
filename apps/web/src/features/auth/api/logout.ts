import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/storage';

/** Signs out on the server, then forgets the token and cached data whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('auth/logout'),
    onSettled: async () => {
      clearSession();
      // Leave the signed-in pages first: they read the cached user, so the cache goes afterwards.
      await navigate('/login', { replace: true });
      queryClient.clear();
    },
  });
}
