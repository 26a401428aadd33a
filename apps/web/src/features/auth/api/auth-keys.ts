/**
 * The query keys of the signed-in account (its profile, and what hangs off it), in a module of their
 * own: code that only writes to the cache (sign-in, the language switch) does not carry the profile
 * query's hook.
 */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};
