/** Every ar locale file by namespace, in one chunk (loaded by `loadLanguage('ar')`). */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./*.json', { eager: true });

export const bundles: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(files).map(([path, mod]) => [path.replace(/^\.\/(.+)\.json$/, '$1'), mod.default]),
);
