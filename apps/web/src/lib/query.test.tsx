import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useWriteMutation } from './query';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { invalidate, wrapper };
}

describe('useWriteMutation', () => {
  beforeEach(() => show.mockClear());

  it("toasts the server's message and refreshes every given query", async () => {
    const { invalidate, wrapper } = setup();
    const { result } = renderHook(() => useWriteMutation((id: string) => Promise.resolve({ message: `Deleted ${id}` }), [['roles'], ['staff-users']]), { wrapper });
    await act(() => result.current.mutateAsync('r1'));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Deleted r1', color: 'green' }));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['roles'], ['staff-users']]);
  });

  it('neither toasts nor refreshes when the write fails', async () => {
    const { invalidate, wrapper } = setup();
    const { result } = renderHook(() => useWriteMutation(() => Promise.reject(new Error('refused')), [['roles']]), { wrapper });
    await act(() => expect(result.current.mutateAsync(undefined)).rejects.toThrow('refused'));
    expect(show).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });
});
