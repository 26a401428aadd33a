import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import { Badge, Button, Card, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, TextInput, } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchInput } from '@/components/search-input';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { ListTable, RowAction, RowActions } from '@/components/list-table';
import { formatDate, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type CustomersPage as Page, useCustomers, useTagOptions } from '../api/customers';
import { CustomerFormModal } from '../components/customer-form-modal';
import { customerName } from '../lib/customer-form';
import { PageHeader } from '@/components/page-header';
import { ImportButton } from '@/features/import/components/import-button';

const PER_PAGE = 25;
const DATE_STYLES = { input: { direction: 'ltr' as const } };

type Filters = { search: string; tag_id: string | null; blocked: string | null; created_from: string; created_to: string };
const NO_FILTERS: Filters = { search: '', tag_id: null, blocked: null, created_from: '', created_to: '' };

/** `/management/customers`: a server-paginated, filtered list of customers, and a way to add one. */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const locale = useLocale();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const tags = useTagOptions();
  const customers = useCustomers({
    page,
    per_page: PER_PAGE,
    search: search || undefined,
    tag_id: filters.tag_id ?? undefined,
    blocked: (filters.blocked ?? undefined) as 'true' | 'false' | undefined,
    created_from: filters.created_from || undefined,
    created_to: filters.created_to || undefined,
  });
  const filtered = Boolean(search || filters.tag_id || filters.blocked || filters.created_from || filters.created_to);
  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const meta = customers.data?.meta;

  const rows = (list: Page) => (
    <ListTable
      minWidth={820}
      columns={[t('columns.name'), t('columns.phone'), t('columns.email'), t('columns.tags'), t('columns.created')]}
      actions={{ label: t('columns.actions'), width: 56 }}
      highlightOnHover
      style={{ opacity: customers.isPlaceholderData ? 0.6 : 1 }}
    >
      {list.data.map((c) => (
        <Table.Tr key={c.uuid} data-testid={`customer-row-${c.first_name}`} style={{ cursor: 'pointer' }} onClick={() => navigate(`/management/customers/${c.uuid}`)}>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <Text fz="sm" fw={600}>
                {customerName(c)}
              </Text>
              {c.blocked && (
                <Badge color="red" variant="light" size="sm">
                  {t('blocked')}
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Table.Td>
            <Text fz="sm" className="ltr-value">
              {c.phone ?? '—'}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text fz="sm" className="ltr-value" truncate maw={220}>
              {c.email ?? '—'}
            </Text>
          </Table.Td>
          <Table.Td>
            <Group gap={4}>
              {c.tags.map((tag) => (
                <Badge key={tag.uuid} variant="light" tt="none" color="gray" style={tag.color ? { color: tag.color } : undefined}>
                  {tag.name}
                </Badge>
              ))}
            </Group>
          </Table.Td>
          <Table.Td>
            <Text fz="sm">{formatDate(c.created_at, locale)}</Text>
          </Table.Td>
          <Table.Td>
            <RowActions>
              <RowAction label={t('open')} icon={IconEye} to={`/management/customers/${c.uuid}`} />
            </RowActions>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <ImportButton entity="customers" />
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)} data-testid="customer-add">
          {t('add')}
        </Button>
      </PageHeader>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <SearchInput label={t('filters.search')} clearLabel={t('filters.clear')} value={filters.search} onChange={(v) => setFilter('search', v)} data-testid="customers-search" />
        <Select
          placeholder={t('filters.tag')}
          aria-label={t('filters.tag')}
          data={(tags.data ?? []).map((tag) => ({ value: tag.uuid, label: tag.name }))}
          value={filters.tag_id}
          onChange={(v) => setFilter('tag_id', v)}
          clearable
          searchable
          data-testid="customers-filter-tag"
        />
        <Select
          placeholder={t('filters.status')}
          aria-label={t('filters.status')}
          data={[
            { value: 'false', label: t('filters.active') },
            { value: 'true', label: t('filters.blocked') },
          ]}
          value={filters.blocked}
          onChange={(v) => setFilter('blocked', v)}
          clearable
          data-testid="customers-filter-blocked"
        />
        <TextInput
          type="date"
          aria-label={t('filters.from')}
          leftSection={<Text fz="xs">{t('filters.fromShort')}</Text>}
          leftSectionWidth={44}
          styles={DATE_STYLES}
          value={filters.created_from}
          onChange={(e) => setFilter('created_from', e.currentTarget.value)}
          data-testid="customers-filter-from"
        />
        <TextInput
          type="date"
          aria-label={t('filters.to')}
          leftSection={<Text fz="xs">{t('filters.toShort')}</Text>}
          leftSectionWidth={44}
          styles={DATE_STYLES}
          value={filters.created_to}
          onChange={(e) => setFilter('created_to', e.currentTarget.value)}
          data-testid="customers-filter-to"
        />
      </SimpleGrid>
      <Card withBorder padding={0}>
        <QueryList
          query={customers}
          loading={<ListSkeleton rows={6} />}
          error={{ title: t('states.errorTitle'), body: t('states.errorBody'), retry: t('states.retry') }}
          isEmpty={(p) => p.data.length === 0}
          empty={
            <ListEmpty
              icon={IconUsers}
              title={filtered ? t('states.emptyFiltered') : t('states.empty')}
              description={filtered ? undefined : t('states.emptyBody')}
              action={
                filtered ? (
                  <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
                    {t('filters.clear')}
                  </Button>
                ) : (
                  <Button variant="light" onClick={() => setCreating(true)}>
                    {t('add')}
                  </Button>
                )
              }
            />
          }
        >
          {rows}
        </QueryList>
      </Card>
      {meta && meta.total > 0 && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="sm" c="dimmed">
            {t('pageOf', {
              from: formatNumber((meta.current_page - 1) * meta.per_page + 1, locale),
              to: formatNumber(Math.min(meta.current_page * meta.per_page, meta.total), locale),
              total: formatNumber(meta.total, locale),
            })}
          </Text>
          {meta.last_page > 1 && <Pagination total={meta.last_page} value={meta.current_page} onChange={setPage} size="sm" data-testid="customers-pagination" />}
        </Group>
      )}
      <CustomerFormModal opened={creating} onClose={() => setCreating(false)} onSaved={(c) => navigate(`/management/customers/${c.uuid}`)} />
    </Stack>
  );
}
