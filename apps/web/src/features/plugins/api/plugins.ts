import type { PluginSlug } from '@app/shared/constants';
import type { Plugin } from '@app/shared/schemas/access';
import { useQuery } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/auth-keys';
import { api } from '@/lib/api-client';
import { fetchData, useWriteMutation, type WriteResult } from '@/lib/query';

export const pluginKeys = { all: ['plugins'] as const, list: () => [...pluginKeys.all, 'list'] as const };

export const usePlugins = () => useQuery({ queryKey: pluginKeys.list(), queryFn: fetchData<Plugin[]>('plugins') });

/**
 * Installs or uninstalls a plugin, then fetches the profile again: `tenant.plugins` drives the
 * plugin-tied routes and the sidebar.
 */
export const useTogglePlugin = () =>
  useWriteMutation(
    ({ slug, install }: { slug: PluginSlug; install: boolean }) =>
      install ? api.put<WriteResult>(`plugins/${slug}/install`) : api.delete<WriteResult>(`plugins/${slug}/uninstall`),
    [pluginKeys.all, authKeys.me()],
  );
