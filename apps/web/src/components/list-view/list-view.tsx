import { Badge, Box, Button, Card, DataList, Drawer, Group, type MantineBreakpoint, Pagination, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type Icon, IconAdjustmentsHorizontal, IconEye } from '@tabler/icons-react';
import { type CSSProperties, type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListEmpty, ListError, ListSkeleton } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { SearchInput } from '@/components/search-input';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

/** Where the lists switch from the table to cards, as the app shell switches to its drawer (Mantine's `sm`). */
export const PHONE_QUERY = '(max-width: 48em)';

/** A phone-sized screen; read before the first paint, so a list never renders the wrong layout first. */
export const useIsPhone = () => useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });

/**
 * A server page's meta. The long lists (orders, bookings, customers, payments) count no further than
 * a cap: `total_exact` false says there are more than `total`, and `next_cursor` / `prev_cursor`
 * reach the pages either side of this one at the cost of the first.
 */
export type PageMeta = {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  total_exact?: boolean;
  next_cursor?: string | null;
  prev_cursor?: string | null;
};
export type Paged<T> = { data: T[]; meta: PageMeta };

export type ListViewColumn<T> = {
  key: string;
  /** The table's heading, and the label of the value on a phone card. */
  header: string;
  cell: (item: T) => ReactNode;
  align?: 'center' | 'end';
  width?: number;
  /** A column the table leaves out on narrower screens (the phone card still shows it). */
  visibleFrom?: MantineBreakpoint;
  /**
   * Where a phone card made from the columns shows it: its first line (`title` at the start, `aside`
   * at the end), a labelled `row` (the default, left out when the cell gives `null`), or not at all.
   * Without a `title`, the first column is.
   */
  card?: 'title' | 'aside' | 'row' | 'hidden';
  /** The cell has its own link or control: clicking it does not open the row. */
  interactive?: boolean;
};

type ListViewProps<T> = {
  /** A server page of the list (`{ data, meta }`) or the whole list. */
  query: { isPending: boolean; isError: boolean; isPlaceholderData?: boolean; data: Paged<T> | T[] | undefined; refetch: () => unknown };
  columns: readonly ListViewColumn<T>[];
  rowKey: (item: T) => string;
  /** Below this width the table scrolls inside its card (phones get cards instead). */
  minWidth: number;
  /**
   * The list's test id; the pager is `<testId>-pagination`, its "1–25 of 40" `<testId>-pagination-range`
   * and the phone's filter button `<testId>-filters`.
   */
  testId: string;
  /** A row's test id, which its card carries on a phone. */
  itemTestId?: (item: T) => string;
  /** A row opens this page; a card is a link to it. */
  itemLink?: (item: T) => string;
  /** Or a row opens with this (a drawer). */
  onItemClick?: (item: T) => void;
  /** With `itemLink` or `onItemClick`: the "open" button at a row's end, the keyboard's way in. */
  openLabel?: string;
  /** Buttons at a row's end and at a card's top corner. */
  actions?: (item: T) => ReactNode;
  /** The actions column's width, the open button's included. */
  actionsWidth?: number;
  /** A phone card's content instead of the one made from the columns (the card itself opens the item). */
  card?: (item: T) => ReactNode;
  search?: { label: string; value: string; onChange: (text: string) => void; testId?: string };
  /** The filter fields: beside the search on a wide screen, behind one button on a phone. */
  filters?: { fields: ReactNode[]; active: number };
  /** A filter or the search is set: an empty list says nothing matches, with a button calling `onClear`. */
  filtered?: boolean;
  onClear?: () => void;
  /**
   * A server page's pager calls this with the page asked for, and the cursor that reaches it when
   * it is next to this one (otherwise the page is asked for by number).
   */
  onPage?: (page: number, cursor?: string) => void;
  loadingRows?: number;
  errorTitle: string;
  empty: { icon: Icon; title: string; description?: string; action?: ReactNode };
  /** The empty state's title when `filtered`. */
  emptyFiltered?: string;
};

const itemsOf = <T,>(data: Paged<T> | T[]) => (Array.isArray(data) ? data : data.data);
const stop = (e: MouseEvent) => e.stopPropagation();
const CARD_BORDER: CSSProperties = { borderBlockEnd: '1px solid var(--mantine-color-default-border)' };
/** The phone's filter drawer: a sheet as tall as its fields, rounded at the top. */
const SHEET = {
  content: { height: 'auto', maxHeight: '90dvh', borderStartStartRadius: 'var(--mantine-radius-lg)', borderStartEndRadius: 'var(--mantine-radius-lg)' },
};

/**
 * A list screen's body: search and filters, then the list in a card (a table from the `sm`
 * breakpoint up, one card a row on a phone, so nothing scrolls sideways) with its loading, error and
 * empty states, then the pager of a server page.
 */
export function ListView<T>(props: ListViewProps<T>) {
  const { query, testId, onPage, loadingRows = 6, errorTitle, empty, emptyFiltered, filtered = false, onClear } = props;
  const { t } = useTranslation('common');
  const phone = useIsPhone();
  const meta = query.data && !Array.isArray(query.data) ? query.data.meta : undefined;
  const items = query.data ? itemsOf(query.data) : [];

  // A page past the end (rows deleted, an old link): go to the last one there is, once (the page's
  // `onPage` may be a new function at every render while the old page is still shown).
  const pastEnd = meta && items.length === 0 && meta.total > 0 && meta.current_page > meta.last_page ? meta.last_page : null;
  const latestOnPage = useRef(onPage);
  latestOnPage.current = onPage;
  useEffect(() => {
    if (pastEnd) latestOnPage.current?.(pastEnd);
  }, [pastEnd]);

  let body: ReactNode;
  if (query.isPending) body = <ListSkeleton rows={loadingRows} />;
  else if (query.isError || query.data === undefined) body = <ListError text={{ title: errorTitle, body: t('list.errorBody'), retry: t('list.retry') }} onRetry={() => void query.refetch()} />;
  else if (items.length === 0)
    body = filtered ? (
      <ListEmpty
        icon={empty.icon}
        title={emptyFiltered ?? t('list.noMatches')}
        action={
          onClear && (
            <Button variant="light" onClick={onClear}>
              {t('list.clearFilters')}
            </Button>
          )
        }
      />
    ) : (
      <ListEmpty icon={empty.icon} title={empty.title} description={empty.description} action={empty.action} />
    );
  else
    body = (
      <Box data-testid={testId} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {phone ? <Cards {...props} items={items} /> : <Rows {...props} items={items} />}
      </Box>
    );

  return (
    <Stack gap="md">
      {(props.search || props.filters) && <FilterBar {...props} phone={phone} />}
      <Card withBorder padding={0}>
        {body}
      </Card>
      {meta && meta.total > 0 && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Range meta={meta} shown={items.length} testId={`${testId}-pagination-range`} />
          {meta.last_page > 1 && onPage && (
            <Pagination total={meta.last_page} value={meta.current_page} onChange={(p) => pageTo(onPage, meta, p)} size="sm" siblings={phone ? 0 : 1} data-testid={`${testId}-pagination`} />
          )}
        </Group>
      )}
    </Stack>
  );
}

/** Asks for a page: by the cursor of its neighbour when it is next to this one, else by its number. */
function pageTo(onPage: (page: number, cursor?: string) => void, meta: PageMeta, page: number) {
  const cursor = cursorTo(meta, page);
  if (cursor) onPage(page, cursor);
  else onPage(page);
}

/** The cursor of the page next to this one (the pager's arrows and neighbours), if it is one. */
export function cursorTo(meta: PageMeta, page: number): string | undefined {
  if (page === meta.current_page + 1) return meta.next_cursor ?? undefined;
  if (page === meta.current_page - 1) return meta.prev_cursor ?? undefined;
  return undefined;
}

function Range({ meta, shown, testId }: { meta: PageMeta; shown: number; testId: string }) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const from = (meta.current_page - 1) * meta.per_page + 1;
  // Past the cap the total is a floor: the page's own rows say where it ends.
  const to = meta.total_exact === false ? from + Math.max(shown, 1) - 1 : Math.min(meta.current_page * meta.per_page, meta.total);
  const values = { from: formatNumber(from, locale), to: formatNumber(to, locale), total: formatNumber(meta.total, locale) };
  return (
    <Text fz="sm" c="dimmed" data-testid={testId}>
      {meta.total_exact === false ? t('list.rangeMore', values) : t('list.range', values)}
    </Text>
  );
}

/** The search and the filters in one grid; on a phone the filters open from a button under the search. */
function FilterBar<T>({ search, filters, filtered, onClear, testId, phone }: ListViewProps<T> & { phone: boolean }) {
  const { t } = useTranslation('common');
  const [opened, { open, close }] = useDisclosure(false);
  const box = search && <SearchInput label={search.label} clearLabel={t('list.clearSearch')} value={search.value} onChange={search.onChange} data-testid={search.testId} />;
  const fields = filters?.fields ?? [];

  if (!phone) {
    const n = fields.length + (box ? 1 : 0);
    return (
      <SimpleGrid cols={{ base: 1, sm: Math.min(n, 3), lg: n }} spacing="sm">
        {box}
        {fields}
      </SimpleGrid>
    );
  }

  const active = filters?.active ?? 0;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {box && <Box style={{ flex: 1, minWidth: 0 }}>{box}</Box>}
      {fields.length > 0 && (
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={18} />}
          rightSection={
            active > 0 ? (
              <Badge size="sm" circle data-testid={`${testId}-filters-count`}>
                {active}
              </Badge>
            ) : null
          }
          onClick={open}
          style={{ flexShrink: 0 }}
          fullWidth={!box}
          data-testid={`${testId}-filters`}
        >
          {t('list.filters')}
        </Button>
      )}
      <Drawer
        opened={opened}
        onClose={close}
        position="bottom"
        styles={SHEET}
        title={<Text fw={700}>{t('list.filters')}</Text>}
        data-testid={`${testId}-filters-drawer`}
      >
        <Stack gap="sm">
          {fields}
          <Group justify="space-between" mt="xs">
            {filtered && onClear ? (
              <Button variant="subtle" onClick={onClear}>
                {t('list.clearFilters')}
              </Button>
            ) : (
              <span />
            )}
            <Button onClick={close}>{t('list.showResults')}</Button>
          </Group>
        </Stack>
      </Drawer>
    </Group>
  );
}

/** The table: one row an item, its open button and actions in the last cell. */
function Rows<T>({ items, columns, rowKey, minWidth, itemTestId, itemLink, onItemClick, openLabel, actions, actionsWidth = 56 }: ListViewProps<T> & { items: T[] }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const open = itemLink ? (item: T) => navigate(itemLink(item)) : onItemClick;
  const withOpen = Boolean(open && openLabel);
  const withActions = withOpen || Boolean(actions);
  return (
    <ListTable
      minWidth={minWidth}
      columns={columns.map((c) => ({ label: c.header, ta: c.align, w: c.width, visibleFrom: c.visibleFrom }))}
      actions={withActions ? { label: t('list.actions'), width: actionsWidth } : undefined}
      highlightOnHover
    >
      {items.map((item) => (
        <Table.Tr key={rowKey(item)} data-testid={itemTestId?.(item)} style={open ? { cursor: 'pointer' } : undefined} onClick={open ? () => open(item) : undefined}>
          {columns.map((c) => (
            <Table.Td key={c.key} ta={c.align} visibleFrom={c.visibleFrom} onClick={c.interactive ? stop : undefined}>
              {c.cell(item)}
            </Table.Td>
          ))}
          {withActions && (
            <Table.Td onClick={stop}>
              <RowActions>
                {withOpen && openLabel && (
                  <RowAction label={openLabel} icon={IconEye} to={itemLink?.(item)} onClick={itemLink ? undefined : () => onItemClick?.(item)} />
                )}
                {actions?.(item)}
              </RowActions>
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** On a phone, one card an item: its content opens the item (a link or a button); the actions sit beside it. */
function Cards<T>({ items, columns, rowKey, itemTestId, itemLink, onItemClick, actions, actionsWidth = 56, card }: ListViewProps<T> & { items: T[] }) {
  const opens = Boolean(itemLink || onItemClick);
  // A card made from the columns keeps its actions in its top corner, beside the first line, so its
  // labelled rows get the full width; a page's own card has them in a column beside it.
  const reserve = card || !actions ? 0 : actionsWidth - 24;
  return (
    <Stack gap={0}>
      {items.map((item) => {
        const content = card ? card(item) : <ColumnsCard item={item} columns={columns} part={opens ? 'plain' : 'all'} reserve={reserve} />;
        const grow: CSSProperties = { flex: 1, minWidth: 0, textAlign: 'start' };
        const extra = actions?.(item);
        // A control inside a link or button cannot work: such cells follow the card's opening part.
        const controls = !card && opens && columns.some((c) => c.interactive && c.card !== 'hidden');
        let main: ReactNode;
        if (itemLink)
          main = (
            <UnstyledButton component={Link} to={itemLink(item)} display="block" style={grow}>
              {content}
            </UnstyledButton>
          );
        else if (onItemClick)
          main = (
            <UnstyledButton display="block" onClick={() => onItemClick(item)} style={grow}>
              {content}
            </UnstyledButton>
          );
        else main = <Box style={grow}>{content}</Box>;
        return (
          <Box key={rowKey(item)} p="sm" pos="relative" style={CARD_BORDER} data-testid={itemTestId?.(item)}>
            <Group wrap="nowrap" align="flex-start" gap="xs">
              {main}
              {extra && !reserve && <Box style={{ flexShrink: 0 }}>{extra}</Box>}
            </Group>
            {controls && <ColumnsCard item={item} columns={columns} part="interactive" />}
            {extra && reserve > 0 && (
              <Box pos="absolute" style={{ insetBlockStart: 'var(--mantine-spacing-sm)', insetInlineEnd: 'var(--mantine-spacing-sm)' }}>
                {extra}
              </Box>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * A card made from the columns: the title and aside columns on the first line, the others as
 * label and value. `part` splits off the interactive cells when the rest sits in a link; `reserve`
 * leaves room at the first line's end for the actions.
 */
function ColumnsCard<T>({ item, columns, part, reserve = 0 }: { item: T; columns: readonly ListViewColumn<T>[]; part: 'all' | 'plain' | 'interactive'; reserve?: number }) {
  const shown = columns.filter((c) => c.card !== 'hidden');
  const titled = shown.filter((c) => c.card === 'title');
  const title = titled.length ? titled : shown.slice(0, 1);
  const aside = shown.filter((c) => c.card === 'aside');
  const rows = shown.filter((c) => !title.includes(c) && !aside.includes(c));
  const inPart = (c: ListViewColumn<T>) => part === 'all' || (part === 'interactive') === Boolean(c.interactive);
  // A cell with nothing to show (no tags) leaves no empty labelled row.
  const listed = rows.filter(inPart).flatMap((c) => {
    const value = c.cell(item);
    return value === null || value === undefined || value === false ? [] : [{ ...c, value }];
  });
  const head = part !== 'interactive' && (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start" style={{ paddingInlineEnd: reserve }}>
      <Group gap="xs" wrap="wrap" miw={0}>
        {title.map((c) => (
          <Box key={c.key} miw={0}>
            {c.cell(item)}
          </Box>
        ))}
      </Group>
      {aside.length > 0 && (
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {aside.map((c) => (
            <Box key={c.key}>{c.cell(item)}</Box>
          ))}
        </Group>
      )}
    </Group>
  );
  return (
    <>
      {head}
      {listed.length > 0 && (
        <DataList size="sm" gap={4} mt={6} labelWidth="6.5rem">
          {listed.map((c) => (
            <DataList.Item key={c.key}>
              <DataList.ItemLabel fz="xs">{c.header}</DataList.ItemLabel>
              <DataList.ItemValue miw={0} style={{ overflowWrap: 'anywhere' }}>
                {c.value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      )}
    </>
  );
}
