import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Rows a list page asks the server for. */
export const PER_PAGE = 25;

/** The set filters and the search as the API reads them, with the page. */
export type ListQuery<K extends string> = { page: number; per_page: number; search?: string; cursor?: string } & Partial<Record<K, string>>;

export type ListParams<K extends string> = {
  page: number;
  /** A page by number, or with the cursor of the page next to the one shown (ListView passes it). */
  setPage: (page: number, cursor?: string) => void;
  /** Each filter's value in the address, `''` when not set (check it before sending: the address can hold anything). */
  filters: Record<K, string>;
  /** Sets one filter (`null` or `''` removes it) and goes back to the first page. */
  setFilter: (key: K, value: string | null) => void;
  /** The search box's text as typed; the address (and `query.search`) follow once typing pauses. */
  searchText: string;
  setSearchText: (text: string) => void;
  /** How many filters are set, the search aside (the phone's filter button shows it). */
  active: number;
  /** A filter or the search is set: an empty list then means nothing matches. */
  filtered: boolean;
  /** Clears the filters and the search; other parameters (a tab) stay. */
  clear: () => void;
  query: ListQuery<K>;
  /** The whole address query, for what the page keeps there beside the list (`tab`). */
  params: URLSearchParams;
  /** Sets or removes (`null`) other parameters, back on the first page. */
  patch: (changes: Record<string, string | null>) => void;
};

const toPage = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 ? n : 1;
};

/**
 * A server-paginated list's page, search and filters, kept in the address (`?page=2&status=paid`) so
 * a reload, a shared link or the back button from a row's page shows the same list.
 */
export function useListParams<const K extends string>(keys: readonly K[], perPage = PER_PAGE): ListParams<K> {
  const [params, setParams] = useSearchParams();
  const page = toPage(params.get('page'));
  const search = params.get('search') ?? '';
  // A cursor only goes with the page it reached (a page of the long lists past their counting cap).
  const cursor = page > 1 ? (params.get('cursor') ?? '') : '';

  const patch = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          // Any other change starts the list again from its first page.
          if (!('page' in changes)) next.delete('page');
          if (!('cursor' in changes)) next.delete('cursor');
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  // The box keeps what is typed; the address gets it after a pause. `sent` is the search the
  // address holds as far as this hook knows, so a change from elsewhere (back, clear) reaches the box
  // without the box's own write coming back to overwrite newer typing.
  // `patch` changes with every address (React Router's setter does): the settled search is written
  // when it changes, not again whenever the address does.
  const [searchText, setText] = useState(search);
  const [settled] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const sent = useRef(search);
  const latestPatch = useRef(patch);
  latestPatch.current = patch;
  useEffect(() => {
    if (search === sent.current) return;
    sent.current = search;
    setText(search);
  }, [search]);
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    latestPatch.current({ search: settled || null });
  }, [settled]);

  const filters = {} as Record<K, string>;
  const set: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = params.get(key) ?? '';
    filters[key] = value;
    if (value) set[key] = value;
  }
  const active = Object.keys(set).length;

  return {
    page,
    setPage: (p, cursor) => patch({ page: p > 1 ? String(p) : null, cursor: p > 1 && cursor ? cursor : null }),
    filters,
    setFilter: (key, value) => patch({ [key]: value || null }),
    searchText,
    setSearchText: setText,
    active,
    filtered: active > 0 || search !== '',
    clear: () => {
      sent.current = '';
      setText('');
      patch(Object.fromEntries([...keys, 'search'].map((key) => [key, null])));
    },
    query: { page, per_page: perPage, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}), ...set } as ListQuery<K>,
    params,
    patch,
  };
}

/** `value` when it is one of `values` (a filter read from the address), otherwise nothing. */
export const oneOf = <V extends string>(values: readonly V[], value: string): V | undefined =>
  (values as readonly string[]).includes(value) ? (value as V) : undefined;

/** What `ListView` takes from the list's state: nothing-matches vs empty, clearing, paging. */
export const listBindings = <K extends string>(list: ListParams<K>) => ({ filtered: list.filtered, onClear: list.clear, onPage: list.setPage });

/** The search box of a list, bound to its address state. */
export const searchOf = <K extends string>(list: ListParams<K>, label: string, testId?: string) => ({
  label,
  value: list.searchText,
  onChange: list.setSearchText,
  ...(testId ? { testId } : {}),
});
