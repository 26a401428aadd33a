import { BUFFER_CHOICES, DURATION_CHOICES, METADATA_VISIBILITY, serviceBody } from '@app/shared/schemas/catalogue';
import { Alert, Anchor, Badge, Box, Button, Checkbox, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, } from 'react-router';
import { ListSkeleton } from '@/components/list-states';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useProviders } from '@/features/providers/api/providers';
import { isApiError, toast } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { formatDuration } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useAssignProviders, useCategories, useSaveService, useService, useServiceProviders, useTaxOptions } from '../api/catalogue';
import { CategoryQuickCreate } from '../components/category-quick-create';
import { FormHeader, FormPageFooter, MoneyInput, RecordGate, useMoney, useRecordId } from '../components/common';
import { emptyServiceForm, formToServiceBody, SERVICE_FORM_FIELDS, type ServiceFormValues, serviceToForm } from '../lib/forms';

const LIST = '/management/services';

/** `/management/services/new` creates a service; `/management/services/:id` edits one and its providers. */
export function ServicePage() {
  const id = useRecordId();
  const service = useService(id);
  const { currency } = useMoney();
  return (
    <RecordGate id={id} query={service} back={LIST}>
      {(record) => (
        <Stack gap="lg" maw={960} mx="auto" w="100%">
          <ServiceForm key={id ?? 'new'} id={id} initial={record ? serviceToForm(record, currency) : undefined} />
          {id && <ProvidersCard serviceId={id} />}
        </Stack>
      )}
    </RecordGate>
  );
}

function ServiceForm({ id, initial }: { id: string | undefined; initial: ServiceFormValues | undefined }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { currency } = useMoney();
  const categories = useCategories();
  const taxes = useTaxOptions();
  const save = useSaveService();
  const form = useForm<ServiceFormValues>({
    initialValues: initial ?? emptyServiceForm(),
    validate: (v) => zodErrors(serviceBody, formToServiceBody(v, currency), locale),
  });

  const durations = useMemo(() => DURATION_CHOICES.map((m) => ({ value: String(m), label: formatDuration(m, locale) })), [locale]);
  const buffers = useMemo(
    () => BUFFER_CHOICES.map((m) => ({ value: String(m), label: m === 0 ? t('services.noBuffer') : formatDuration(m, locale) })),
    [locale, t],
  );

  // A new service is offered by every provider unless the owner unticks some (issue 14); an edit
  // changes its providers in the card below instead.
  const allProviders = useProviders();
  const [providerIds, setProviderIds] = useState<string[] | null>(null);
  const chosenProviders = providerIds ?? (allProviders.data ?? []).map((p) => p.uuid);

  const submit = form.onSubmit((v) =>
    save.mutate(
      { id, body: { ...serviceBody.parse(formToServiceBody(v, currency)), ...(id ? {} : { provider_ids: chosenProviders }) } },
      {
        onSuccess: (res) => {
          if (!id) navigate(`/management/services/${res.data.uuid}`, { replace: true });
        },
        onError: (e) => applyServerErrors(form, e, SERVICE_FORM_FIELDS),
      },
    ),
  );
  const props = (path: (typeof SERVICE_FORM_FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));

  // A category made on the spot (issue 14): a modal whose own form keeps its submit away from this one.
  const categoryList = categories.data ?? [];
  const noCategories = categories.isSuccess && categoryList.length === 0;
  const [newCategory, setNewCategory] = useState(false);
  const openNewCategory = () => setNewCategory(true);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormHeader back={LIST} title={id ? t('services.editTitle') : t('services.createTitle')} />

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="md">
            {t('services.basics')}
          </Title>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('fields.name')} required data-autofocus={!id || undefined} data-testid="service-name" {...props('name')} />
              <Select
                label={t('fields.category')}
                required
                searchable
                data={categoryList.map((c) => ({ value: c.uuid, label: c.name }))}
                nothingFoundMessage={t('services.noCategories')}
                description={
                  noCategories ? (
                    <>
                      {t('services.noCategoriesYet')}{' '}
                      <Anchor component="button" type="button" fz="inherit" onClick={openNewCategory} data-testid="service-category-create-first">
                        {t('services.createFirstCategory')}
                      </Anchor>
                    </>
                  ) : undefined
                }
                inputContainer={(input) => (
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Box flex={1} miw={0}>
                      {input}
                    </Box>
                    <Button variant="light" leftSection={<IconPlus size={16} />} onClick={openNewCategory} data-testid="service-category-new">
                      {t('services.newCategory')}
                    </Button>
                  </Group>
                )}
                data-testid="service-category"
                {...props('category_id')}
              />
            </SimpleGrid>
            <Textarea label={t('fields.description')} autosize minRows={2} maxRows={6} {...props('description')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('fields.slug')} description={t('slugHint')} styles={{ input: { direction: 'ltr' } }} data-testid="service-slug" {...props('slug')} />
              <NumberInput label={t('fields.sortOrder')} min={0} allowDecimal={false} {...props('sort_order')} />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="md">
            {t('services.pricing')}
          </Title>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <MoneyInput label={t('fields.price')} required data-testid="service-price" {...props('price')} />
              <Select label={t('fields.duration')} required data={durations} allowDeselect={false} data-testid="service-duration" {...props('duration')} />
              <Select label={t('fields.bufferTime')} description={t('services.bufferHint')} data={buffers} allowDeselect={false} data-testid="service-buffer" {...props('buffer_time')} />
            </SimpleGrid>
            <Switch label={t('fields.depositEnabled')} data-testid="service-deposit-enabled" {...form.getInputProps('deposit_enabled', { type: 'checkbox' })} />
            {form.values.deposit_enabled && (
              <MoneyInput label={t('fields.depositAmount')} description={t('services.depositHint')} required maw={280} data-testid="service-deposit" {...props('deposit_amount')} />
            )}
            <MultiSelect
              label={t('fields.taxes')}
              description={taxes.data && taxes.data.length === 0 ? t('services.noTaxes') : undefined}
              data={(taxes.data ?? []).map((x) => ({ value: x.uuid, label: `${x.name} (${x.rate}%)` }))}
              searchable
              clearable
              data-testid="service-taxes"
              {...props('tax_ids')}
            />
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="md">
            {t('services.booking')}
          </Title>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={t('fields.branch')}
                placeholder={t('services.allBranches')}
                data={user.teams.map((b) => ({ value: b.uuid, label: b.name }))}
                clearable
                {...props('branch_id')}
              />
              <Select
                label={t('fields.metadataVisibility')}
                description={t('services.visibilityHint')}
                data={METADATA_VISIBILITY.map((v) => ({ value: v, label: t(`visibility.${v}`) }))}
                allowDeselect={false}
                {...props('metadata_visibility')}
              />
            </SimpleGrid>
            <Switch label={t('fields.displayOnBookingPage')} description={t('services.bookingPageHint')} {...form.getInputProps('display_on_booking_page', { type: 'checkbox' })} />
            <Switch label={t('fields.isPublic')} description={t('services.publicHint')} {...form.getInputProps('is_public', { type: 'checkbox' })} />
          </Stack>
        </Paper>

        {!id && (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="service-new-providers">
            <Title order={2} fz="lg">
              {t('services.providersTitle')}
            </Title>
            <Text c="dimmed" fz="sm" mb="md">
              {t('services.newProvidersHint')}
            </Text>
            {allProviders.data && allProviders.data.length === 0 ? (
              <Text c="dimmed" fz="sm">
                {t('services.noProviders')}
              </Text>
            ) : allProviders.data ? (
              <Checkbox.Group value={chosenProviders} onChange={setProviderIds}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {allProviders.data.map((p) => (
                    <Checkbox key={p.uuid} value={p.uuid} label={p.name} description={p.label ?? p.branch?.name} data-testid={`new-service-provider-${p.name}`} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            ) : (
              <ListSkeleton rows={2} />
            )}
          </Paper>
        )}

        <FormPageFooter back={LIST} editing={Boolean(id)} saving={save.isPending} testId="service-save" />
        <CategoryQuickCreate opened={newCategory} onClose={() => setNewCategory(false)} onCreated={(c) => form.setFieldValue('category_id', c.uuid)} />
      </Stack>
    </form>
  );
}

/** Service assignment per provider (spec §4): every provider, assigned or unassigned, saved together. */
function ProvidersCard({ serviceId }: { serviceId: string }) {
  const { t } = useTranslation('catalogue');
  const providers = useServiceProviders(serviceId);
  const assign = useAssignProviders(serviceId);
  const [selected, setSelected] = useState<string[] | null>(null);
  useEffect(() => {
    if (providers.data) setSelected(providers.data.filter((p) => p.assigned).map((p) => p.uuid));
  }, [providers.data]);
  const saved = new Set((providers.data ?? []).filter((p) => p.assigned).map((p) => p.uuid));
  const dirty = selected !== null && (selected.length !== saved.size || selected.some((x) => !saved.has(x)));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="service-providers">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <div>
          <Title order={2} fz="lg">
            {t('services.providersTitle')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('services.providersHint')}
          </Text>
        </div>
        <Button
          onClick={() =>
            selected &&
            assign.mutate(selected, {
              onError: (e) => {
                if (!isApiError(e) || e.status !== 422) return;
                toast(t('services.assignmentError'), 'red');
              },
            })
          }
          disabled={!dirty}
          loading={assign.isPending}
          data-testid="service-providers-save"
        >
          {t('services.saveAssignment')}
        </Button>
      </Group>
      {!providers.data || selected === null ? (
        providers.isError ? (
          <Alert color="red" variant="light" title={t('loadError')}>
            <Button size="xs" variant="light" color="red" onClick={() => void providers.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : (
          <ListSkeleton rows={2} />
        )
      ) : providers.data.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('services.noProviders')}
        </Text>
      ) : (
        <Checkbox.Group value={selected} onChange={setSelected}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {providers.data.map((p) => {
              const on = selected.includes(p.uuid);
              return (
                <Paper key={p.uuid} withBorder p="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Checkbox value={p.uuid} label={p.name} description={p.label ?? p.branch?.name} data-testid={`provider-assign-${p.name}`} />
                    <Badge variant="light" color={on ? 'teal' : 'gray'} tt="none" data-testid={`provider-state-${p.name}`}>
                      {on ? t('services.assigned') : t('services.unassigned')}
                    </Badge>
                  </Group>
                </Paper>
              );
            })}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    </Paper>
  );
}
