import type { Customer } from '@app/shared/schemas/customers';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dateRangeFilters, filterOf, SelectFilter } from '@/components/list-view/filter-fields';
import { type ListViewColumn, ListView } from '@/components/list-view/list-view';
import { listBindings, oneOf, searchOf, useListParams } from '@/components/list-view/use-list-params';
import { PageHeader } from '@/components/page-header';
import { ImportButton } from '@/features/import/components/import-button';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useCustomers, useTagOptions } from '../api/customers';
import { CustomerFormModal } from '../components/customer-form-modal';
import { customerName } from '../lib/customer-form';

const FILTERS = ['tag_id', 'blocked', 'created_from', 'created_to'] as const;
const customerPath = (c: Customer) => `/management/customers/${c.uuid}`;

/** `/management/customers`: a server-paginated, filtered list of customers, and a way to add one. */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const locale = useLocale();
  const navigate = useNavigate();
  const list = useListParams(FILTERS);
  const f = list.filters;
  const [creating, setCreating] = useState(false);
  const tags = useTagOptions();
  const customers = useCustomers({ ...list.query, blocked: oneOf(['true', 'false'], f.blocked) });

  const columns: ListViewColumn<Customer>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      cell: (c) => (
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
      ),
    },
    {
      key: 'phone',
      header: t('columns.phone'),
      cell: (c) => (
        <Text fz="sm" className="ltr-value">
          {c.phone ?? '—'}
        </Text>
      ),
    },
    {
      key: 'email',
      header: t('columns.email'),
      cell: (c) =>
        c.email ? (
          <Text fz="sm" className="ltr-value" truncate maw={220}>
            {c.email}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'tags',
      header: t('columns.tags'),
      cell: (c) =>
        c.tags.length > 0 ? (
          <Group gap={4}>
            {c.tags.map((tag) => (
              <Badge key={tag.uuid} variant="light" tt="none" color="gray" style={tag.color ? { color: tag.color } : undefined}>
                {tag.name}
              </Badge>
            ))}
          </Group>
        ) : null,
    },
    { key: 'created', header: t('columns.created'), cell: (c) => <Text fz="sm">{formatDate(c.created_at, locale)}</Text> },
  ];

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <ImportButton entity="customers" />
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setCreating(true)} data-testid="customer-add">
          {t('add')}
        </Button>
      </PageHeader>
      <ListView
        query={customers}
        columns={columns}
        rowKey={(c) => c.uuid}
        minWidth={820}
        testId="customers"
        itemTestId={(c) => `customer-row-${c.first_name}`}
        itemLink={customerPath}
        openLabel={t('open')}
        search={searchOf(list, t('filters.search'), 'customers-search')}
        filters={{
          active: list.active,
          fields: [
            <SelectFilter
              key="tag"
              label={t('filters.tag')}
              data={(tags.data ?? []).map((tag) => ({ value: tag.uuid, label: tag.name }))}
              {...filterOf(list, 'tag_id')}
              searchable
              data-testid="customers-filter-tag"
            />,
            <SelectFilter
              key="blocked"
              label={t('filters.status')}
              data={[
                { value: 'false', label: t('filters.active') },
                { value: 'true', label: t('filters.blocked') },
              ]}
              {...filterOf(list, 'blocked')}
              data-testid="customers-filter-blocked"
            />,
            ...dateRangeFilters(list, t, 'customers', { keys: ['created_from', 'created_to'] }),
          ],
        }}
        {...listBindings(list)}
        errorTitle={t('states.errorTitle')}
        emptyFiltered={t('states.emptyFiltered')}
        empty={{
          icon: IconUsers,
          title: t('states.empty'),
          description: t('states.emptyBody'),
          action: (
            <Button variant="light" onClick={() => setCreating(true)}>
              {t('add')}
            </Button>
          ),
        }}
      />
      <CustomerFormModal opened={creating} onClose={() => setCreating(false)} onSaved={(c) => navigate(customerPath(c))} />
    </Stack>
  );
}
