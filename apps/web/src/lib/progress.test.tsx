import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginLoading, PROGRESS_DELAY_MS, useDelayedFlag, useLoadingPending } from './progress';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the progress bar waits 200 ms before showing', () => {
  it('stays hidden for work shorter than the delay', () => {
    const { result, rerender } = renderHook(({ busy }) => useDelayedFlag(busy), { initialProps: { busy: true } });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS - 1));
    expect(result.current).toBe(false);
    rerender({ busy: false });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
  });

  it('shows once the work has lasted the delay, and hides at once when it ends', () => {
    const { result, rerender } = renderHook(({ busy }) => useDelayedFlag(busy), { initialProps: { busy: true } });
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS));
    expect(result.current).toBe(true);
    rerender({ busy: false });
    expect(result.current).toBe(false);
  });

  it('starts counting again for the next piece of work', () => {
    const { result, rerender } = renderHook(({ busy }) => useDelayedFlag(busy), { initialProps: { busy: true } });
    act(() => vi.advanceTimersByTime(150));
    rerender({ busy: false });
    rerender({ busy: true });
    act(() => vi.advanceTimersByTime(150));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe(true);
  });
});

describe('loading reports', () => {
  it('are pending until every one has ended; ending twice counts once', () => {
    const { result } = renderHook(() => useLoadingPending());
    expect(result.current).toBe(false);
    let endA = () => {};
    let endB = () => {};
    act(() => {
      endA = beginLoading();
      endB = beginLoading();
    });
    expect(result.current).toBe(true);
    act(() => {
      endA();
      endA();
    });
    expect(result.current).toBe(true);
    act(() => endB());
    expect(result.current).toBe(false);
  });
});
