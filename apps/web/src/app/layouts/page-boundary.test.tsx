import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { PageBoundary } from './page-boundary';

/** A page whose code never finishes loading. */
const NeverLoads = lazy(() => new Promise<{ default: () => null }>(() => {}));

describe('moving to another page', () => {
  it('replaces the old page with the loader while the new one loads, instead of leaving it on screen', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <PageBoundary />,
          children: [
            {
              path: '/a',
              element: (
                <div>
                  Page A <Link to="/b">to b</Link>
                </div>
              ),
            },
            { path: '/b', element: <NeverLoads /> },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    render(
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(screen.getByText(/Page A/)).toBeTruthy();
    await act(async () => {
      screen.getByText('to b').click();
    });
    expect(router.state.location.pathname).toBe('/b');
    expect(screen.queryByText(/Page A/)).toBeNull();
    expect(screen.getByTestId('page-loader')).toBeTruthy();
  });
});
