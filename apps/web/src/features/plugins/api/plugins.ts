import type { PluginSlug } from '@app/shared/constants';
import type { Plugin } from '@app/shared/schemas/access';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/get-me';
import { api, toast } from '@/lib/api-client';

export const pluginKeys = { all: ['plugins'] as const, list: () => [...pluginKeys.all, 'list'] as const };

export const usePlugins = () => useQuery({ queryKey: pluginKeys.list(), queryFn: () => api.get<{ data: Plugin[] }>('plugins').then((r) => r.data) });

/**
 * Installs or uninstalls a plugin, then fetches the profile again: `tenant.plugins` drives the
 * plugin-tied routes and the sidebar.
 */
export function useTogglePlugin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, install }: { slug: PluginSlug; install: boolean }) =>
      install ? api.put<{ message: string }>(`plugins/${slug}/install`) : api.delete<{ message: string }>(`plugins/${slug}/uninstall`),
    onSuccess: async (res) => {
      toast(res.message);
      await Promise.all([queryClient.invalidateQueries({ queryKey: pluginKeys.all }), queryClient.refetchQueries({ queryKey: authKeys.me() })]);
    },
  });
}
