import type { Locale } from '@app/shared/constants';
import type { UserInfo } from '@app/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/auth-keys';
import { api } from '@/lib/api-client';
import { changeLocale } from '@/lib/i18n';
import { getToken } from '@/lib/storage';

/** Changes the UI language at once and, when signed in, saves it on the account. */
export function useUpdateLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (locale: Locale) => {
      await changeLocale(locale);
      if (getToken()) await api.post<{ message: string }>('update-locale', { locale, _method: 'PUT' });
      return locale;
    },
    onSuccess: (locale) => {
      queryClient.setQueryData<UserInfo>(authKeys.me(), (u) => (u ? { ...u, lang: locale } : u));
      // Server texts (industries, messages) come back in the new language.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    },
  });
}
