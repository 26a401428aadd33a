import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { PageBoundary } from './page-boundary';

/** A page whose code never finishes loading. */
const NeverLoads = lazy(() => new Promise<{ default: () => null }>(() => {}));

describe('moving to another page', () => {
  it('replaces the old page with the loader while the new one loads, instead of leaving it on screen', async () => {
    let pathname = '';
    const Where = () => {
      pathname = useLocation().pathname;
      return null;
    };
    // As in the app: declarative routes, whose navigations are transitions.
    render(
      <MantineProvider theme={theme}>
        <MemoryRouter initialEntries={['/a']}>
          <Where />
          <Routes>
            <Route element={<PageBoundary />}>
              <Route
                path="/a"
                element={
                  <div>
                    Page A <Link to="/b">to b</Link>
                  </div>
                }
              />
              <Route path="/b" element={<NeverLoads />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByText(/Page A/)).toBeTruthy();
    await act(async () => {
      screen.getByText('to b').click();
    });
    expect(pathname).toBe('/b');
    expect(screen.queryByText(/Page A/)).toBeNull();
    expect(screen.getByTestId('page-loader')).toBeTruthy();
  });
});
