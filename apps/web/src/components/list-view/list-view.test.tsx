import { MantineProvider, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { changeLocale, i18n } from '@/lib/i18n';
import { SelectFilter } from './filter-fields';
import { type ListViewColumn, ListView, type Paged, PHONE_QUERY } from './list-view';
import { useListParams } from './use-list-params';

type Person = { id: string; name: string; city: string };

const COLUMNS: ListViewColumn<Person>[] = [
  { key: 'name', header: 'Name', cell: (p) => <Text fw={600}>{p.name}</Text> },
  { key: 'city', header: 'City', cell: (p) => p.city },
];

const page = (people: Person[], current = 1, total = people.length, last = 1): Paged<Person> => ({
  data: people,
  meta: { current_page: current, per_page: 2, total, last_page: last },
});

const HUDA = { id: 'p1', name: 'Huda', city: 'Riyadh' };
const LAMA = { id: 'p2', name: 'Lama', city: 'Jeddah' };

type Query = Parameters<typeof ListView<Person>>[0]['query'];
const loaded = (data: Query['data']): Query => ({ isPending: false, isError: false, data, refetch: vi.fn() });

function wrap(ui: ReactNode, at = '/people') {
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/people" element={ui} />
            <Route path="/people/:id" element={<div data-testid="person-page" />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

function List(props: Partial<Parameters<typeof ListView<Person>>[0]>) {
  return (
    <ListView<Person>
      query={loaded(page([HUDA, LAMA]))}
      columns={COLUMNS}
      rowKey={(p) => p.id}
      minWidth={400}
      testId="people"
      itemTestId={(p) => `person-row-${p.name}`}
      itemLink={(p) => `/people/${p.id}`}
      openLabel="Open"
      errorTitle="The people could not be loaded"
      empty={{ icon: IconUsers, title: 'No people yet', action: <button type="button">Add a person</button> }}
      {...props}
    />
  );
}

/** Makes the phone media query match (jsdom's stand-in matches nothing). */
function asPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === PHONE_QUERY,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

beforeAll(async () => {
  await changeLocale('en');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ListView', () => {
  it('shows a table on a wide screen: headings, a row an item, a row opens its page', async () => {
    wrap(<List />);
    const table = within(screen.getByTestId('people')).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'City', 'Actions']);
    expect(screen.getByTestId('person-row-Huda').tagName).toBe('TR');
    expect(screen.getByTestId('person-row-Huda').textContent).toContain('Riyadh');
    expect(within(screen.getByTestId('person-row-Lama')).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/people/p2');
    fireEvent.click(screen.getByText('Huda'));
    expect(await screen.findByTestId('person-page')).toBeTruthy();
  });

  it('shows cards on a phone: the first column as the title, the others labelled, the card a link', () => {
    asPhone();
    wrap(<List />);
    expect(within(screen.getByTestId('people')).queryByRole('table')).toBeNull();
    const card = screen.getByTestId('person-row-Huda');
    expect(card.tagName).toBe('DIV');
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/people/p1');
    expect(within(card).getByText('City').tagName).toBe('DT');
    expect(within(card).getByText('Riyadh').tagName).toBe('DD');
  });

  it('puts a custom card and the actions side by side on a phone', () => {
    asPhone();
    wrap(<List card={(p) => <span>{`${p.name} of ${p.city}`}</span>} actions={(p) => <button type="button">{`Delete ${p.name}`}</button>} />);
    const card = screen.getByTestId('person-row-Lama');
    expect(within(card).getByRole('link').textContent).toBe('Lama of Jeddah');
    expect(within(card).getByRole('button', { name: 'Delete Lama' })).toBeTruthy();
  });

  it('shows placeholder rows while loading', () => {
    wrap(<List query={{ isPending: true, isError: false, data: undefined, refetch: vi.fn() }} />);
    expect(screen.getByTestId('list-loading')).toBeTruthy();
    expect(screen.queryByTestId('people')).toBeNull();
  });

  it('shows the error with a retry that refetches', () => {
    const refetch = vi.fn();
    wrap(<List query={{ isPending: false, isError: true, data: undefined, refetch }} />);
    const error = screen.getByTestId('list-error');
    expect(error.textContent).toContain('The people could not be loaded');
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state with its call to action, or "nothing matches" with a clear button when filtered', () => {
    const { unmount } = wrap(<List query={loaded(page([]))} />);
    const empty = screen.getByTestId('list-empty');
    expect(empty.textContent).toContain('No people yet');
    expect(within(empty).getByRole('button', { name: 'Add a person' })).toBeTruthy();
    expect(screen.queryByTestId('people-pagination-range')).toBeNull();
    unmount();

    const onClear = vi.fn();
    wrap(<List query={loaded(page([]))} filtered onClear={onClear} emptyFiltered="No person matches" />);
    const none = screen.getByTestId('list-empty');
    expect(none.textContent).toContain('No person matches');
    fireEvent.click(within(none).getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('shows the range and calls back with the page asked for', () => {
    const onPage = vi.fn();
    wrap(<List query={loaded(page([HUDA, LAMA], 1, 5, 3))} onPage={onPage} />);
    expect(screen.getByTestId('people-pagination-range').textContent).toBe('1–2 of 5');
    fireEvent.click(within(screen.getByTestId('people-pagination')).getByText('3'));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('past the counting cap: says "more than", asks for the pages either side by cursor and the others by number', () => {
    const onPage = vi.fn();
    const capped: Paged<Person> = {
      data: [HUDA, LAMA],
      meta: { current_page: 41, per_page: 2, total: 80, last_page: 42, total_exact: false, next_cursor: 'nextC', prev_cursor: 'prevC' },
    };
    wrap(<List query={loaded(capped)} onPage={onPage} />);
    expect(screen.getByTestId('people-pagination-range').textContent).toBe('81–82 of more than 80');
    const pager = within(screen.getByTestId('people-pagination'));
    fireEvent.click(pager.getByText('42'));
    expect(onPage).toHaveBeenLastCalledWith(42, 'nextC');
    fireEvent.click(pager.getByText('40'));
    expect(onPage).toHaveBeenLastCalledWith(40, 'prevC');
    fireEvent.click(pager.getByText('1'));
    expect(onPage).toHaveBeenLastCalledWith(1);
  });

  it('asks for the last page when the one shown is past the end', () => {
    const onPage = vi.fn();
    wrap(<List query={loaded(page([], 4, 5, 3))} onPage={onPage} />);
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('has no pager for a whole list', () => {
    wrap(<List query={loaded([HUDA, LAMA])} onPage={vi.fn()} />);
    expect(screen.getByTestId('person-row-Lama')).toBeTruthy();
    expect(screen.queryByTestId('people-pagination-range')).toBeNull();
  });

  it('puts the filters beside the search on a wide screen', () => {
    wrap(<List search={{ label: 'Search people', value: '', onChange: vi.fn(), testId: 'people-search' }} filters={{ active: 1, fields: [<input key="city" aria-label="City" />] }} />);
    expect(screen.getByTestId('people-search')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'City' })).toBeTruthy();
    expect(screen.queryByTestId('people-filters')).toBeNull();
  });

  it('folds the filters behind one button on a phone, with the count of those set', async () => {
    asPhone();
    wrap(<List search={{ label: 'Search people', value: '', onChange: vi.fn(), testId: 'people-search' }} filters={{ active: 2, fields: [<input key="city" aria-label="City" />] }} />);
    expect(screen.getByTestId('people-search')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull();
    const button = screen.getByTestId('people-filters');
    expect(screen.getByTestId('people-filters-count').textContent).toBe('2');
    fireEvent.click(button);
    expect(await screen.findByRole('textbox', { name: 'City' })).toBeTruthy();
  });
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function FilteredPeople() {
  const list = useListParams(['city']);
  return (
    <>
      <Address />
      <output data-testid="query">{JSON.stringify(list.query)}</output>
      <button type="button" onClick={() => list.setFilter('city', 'jeddah')}>
        To Jeddah
      </button>
      <button type="button" onClick={list.clear}>
        Clear all
      </button>
      <List
        query={loaded(page([HUDA, LAMA], list.page, 6, 3))}
        onPage={list.setPage}
        search={{ label: 'Search people', value: list.searchText, onChange: list.setSearchText, testId: 'people-search' }}
        filters={{
          active: list.active,
          fields: [
            <SelectFilter key="city" label="City" data={[{ value: 'riyadh', label: 'Riyadh' }]} value={list.filters.city} onChange={(v) => list.setFilter('city', v)} data-testid="people-city" />,
          ],
        }}
        filtered={list.filtered}
        onClear={list.clear}
      />
    </>
  );
}

describe('useListParams', () => {
  it('reads the page, filters and search from the address', () => {
    wrap(<FilteredPeople />, '/people?page=2&city=riyadh&search=hu&tab=x');
    expect(JSON.parse(screen.getByTestId('query').textContent ?? '')).toEqual({ page: 2, per_page: 25, search: 'hu', city: 'riyadh' });
    expect((screen.getByTestId('people-search') as HTMLInputElement).value).toBe('hu');
  });

  it('keeps the page in the address, a filter change goes back to the first page, clearing keeps the tab', () => {
    wrap(<FilteredPeople />, '/people?tab=x&city=riyadh&search=hu');
    fireEvent.click(within(screen.getByTestId('people-pagination')).getByText('3'));
    expect(screen.getByTestId('address').textContent).toBe('?tab=x&city=riyadh&search=hu&page=3');
    fireEvent.click(screen.getByRole('button', { name: 'To Jeddah' }));
    expect(screen.getByTestId('address').textContent).toBe('?tab=x&city=jeddah&search=hu');
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByTestId('address').textContent).toBe('?tab=x');
    expect((screen.getByTestId('people-search') as HTMLInputElement).value).toBe('');
  });

  it('keeps the cursor of a page with it in the address and the query, and drops it with any other change', () => {
    wrap(<FilteredPeople />, '/people?tab=x&city=riyadh&page=41&cursor=abc');
    expect(JSON.parse(screen.getByTestId('query').textContent ?? '')).toEqual({ page: 41, per_page: 25, cursor: 'abc', city: 'riyadh' });
    fireEvent.click(screen.getByRole('button', { name: 'To Jeddah' }));
    expect(screen.getByTestId('address').textContent).toBe('?tab=x&city=jeddah');
  });

  it('writes the search to the address once typing pauses', async () => {
    vi.useFakeTimers();
    try {
      wrap(<FilteredPeople />, '/people?tab=x&city=riyadh&page=2');
      fireEvent.change(screen.getByTestId('people-search'), { target: { value: 'la ' } });
      expect(screen.getByTestId('address').textContent).toBe('?tab=x&city=riyadh&page=2');
      await act(async () => {
        vi.advanceTimersByTime(600);
      });
      expect(screen.getByTestId('address').textContent).toBe('?tab=x&city=riyadh&search=la');
      expect((screen.getByTestId('people-search') as HTMLInputElement).value).toBe('la ');
    } finally {
      vi.useRealTimers();
    }
  });
});
