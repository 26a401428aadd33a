import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, toast } from './api-client';

/** What every write of the API answers with: a message for the user. */
export type WriteResult = { message: string };

/** A `queryFn` for a `{ data }` response: the data, with the query's abort signal passed on. */
export const fetchData =
  <T>(path: string) =>
  ({ signal }: { signal: AbortSignal }): Promise<T> =>
    api.get<{ data: T }>(path, undefined, signal).then((r) => r.data);

/**
 * A write that shows the server's message as a success toast, then refreshes the given queries; the
 * mutation settles once they are fetched again, so a dialog closes onto the updated list.
 */
export function useWriteMutation<V, R extends WriteResult = WriteResult>(mutationFn: (vars: V) => Promise<R>, invalidate: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (res) => {
      toast(res.message);
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** Creates a record (`POST path`, no id) or updates one (`PUT path/id`). */
export const useSaveMutation = <B>(path: string, invalidate: readonly QueryKey[]) =>
  useWriteMutation(
    ({ id, body }: { id?: string | null; body: B }) => (id ? api.put<WriteResult>(`${path}/${id}`, body) : api.post<WriteResult>(path, body)),
    invalidate,
  );

/** Deletes one record: `DELETE path/id`. */
export const useDeleteMutation = (path: string, invalidate: readonly QueryKey[]) =>
  useWriteMutation((id: string) => api.delete<WriteResult>(`${path}/${id}`), invalidate);
