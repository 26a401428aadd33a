import { Box, Card, Stack } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { type ListColumn, ListTable } from '@/components/list-table';
import type { Paged } from '../api/customers';
import { TabPager } from './tab-pager';

type Props<T> = {
  /** One page of the list, from the server. */
  query: UseQueryResult<Paged<T>>;
  onPage: (page: number) => void;
  /** The list's test id; its pager's is `${testId}-pagination`. */
  testId: string;
  empty: { icon: Icon; title: string; description: string };
  /** From the `sm` breakpoint up: the table's headings and one `Table.Tr` a row (its last cell the actions). */
  table: { minWidth: number; columns: readonly ListColumn[]; row: (item: T) => ReactNode };
  /** On a phone the columns become one card a row. */
  card: (item: T) => ReactNode;
  /** Beside the list, e.g. the drawer a row opens. */
  children?: ReactNode;
};

/**
 * A history tab of the customer page (bookings, orders): the list's card, which shows the loading,
 * error or empty state or the rows (a table, or cards on a phone), and the pager under it.
 */
export function HistoryList<T>({ query, onPage, testId, empty, table, card, children }: Props<T>) {
  const { t } = useTranslation('customers');
  const faded = { opacity: query.isPlaceholderData ? 0.6 : 1 };
  return (
    <Stack gap="sm">
      <Card withBorder padding={0}>
        <QueryList
          query={query}
          loading={<ListSkeleton rows={4} />}
          error={{ title: t('states.errorTitle'), body: t('states.errorBody'), retry: t('states.retry') }}
          isEmpty={(p) => p.data.length === 0}
          empty={<ListEmpty icon={empty.icon} title={empty.title} description={empty.description} />}
        >
          {(list) => (
            <div data-testid={testId}>
              <Box visibleFrom="sm">
                <ListTable
                  minWidth={table.minWidth}
                  columns={table.columns}
                  actions={{ label: t('history.columns.actions'), width: 56 }}
                  highlightOnHover
                  style={faded}
                >
                  {list.data.map(table.row)}
                </ListTable>
              </Box>
              <Box hiddenFrom="sm">
                <Stack gap={0} style={faded}>
                  {list.data.map(card)}
                </Stack>
              </Box>
            </div>
          )}
        </QueryList>
      </Card>
      <TabPager meta={query.data?.meta} onChange={onPage} testId={`${testId}-pagination`} />
      {children}
    </Stack>
  );
}
