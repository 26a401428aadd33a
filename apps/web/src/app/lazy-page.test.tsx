import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadWhenIdle } from './lazy-page';

const Hello = () => <p>hello page</p>;

describe('lazyPage', () => {
  it('suspends the first time its code is not in yet', async () => {
    let resolve: (m: { HelloPage: typeof Hello }) => void = () => undefined;
    const Page = lazyPage(() => new Promise<{ HelloPage: typeof Hello }>((r) => (resolve = r)), 'HelloPage');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => resolve({ HelloPage: Hello }));
    expect(await screen.findByText('hello page')).toBeTruthy();
  });

  it('renders at once, with no fallback, once preloaded; loads its module once', async () => {
    const load = vi.fn(async () => ({ HelloPage: Hello }));
    const Page = lazyPage(load, 'HelloPage');
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('hello page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed fetch', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue({ HelloPage: Hello });
    const Page = lazyPage(load, 'HelloPage');
    await expect(Page.preload()).rejects.toThrow();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadWhenIdle', () => {
  it('fetches the pages one after another and stops when cancelled', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const page = (name: string) =>
      lazyPage(async () => {
        order.push(name);
        return { P: Hello };
      }, 'P');
    const pages = [page('a'), page('b'), page('c')];
    const all = preloadWhenIdle(pages);
    await vi.advanceTimersByTimeAsync(5000);
    expect(order).toEqual(['a', 'b', 'c']);
    all();

    order.length = 0;
    const more = [page('d'), page('e')];
    const stop = preloadWhenIdle(more);
    await vi.advanceTimersByTimeAsync(250);
    expect(order).toEqual(['d']);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(order).toEqual(['d']);
    vi.useRealTimers();
  });
});
