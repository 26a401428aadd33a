import { packageBody } from '@app/shared/schemas/catalogue';
import { ActionIcon, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, } from 'react-router';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { usePackage, useSavePackage, useServices } from '../api/catalogue';
import { FormHeader, FormPageFooter, MoneyInput, RecordGate, useMoney, useRecordId } from '../components/common';
import { emptyPackageForm, formToPackageBody, PACKAGE_FORM_FIELDS, type PackageFormValues, packageToForm } from '../lib/forms';

const LIST = '/management/packages';

/** `/management/packages/new` creates a package; `/management/packages/:id` edits one. */
export function PackagePage() {
  const id = useRecordId();
  const pkg = usePackage(id);
  const { currency } = useMoney();
  return (
    <RecordGate id={id} query={pkg} back={LIST}>
      {(record) => <PackageForm key={id ?? 'new'} id={id} initial={record ? packageToForm(record, currency) : undefined} />}
    </RecordGate>
  );
}

function PackageForm({ id, initial }: { id: string | undefined; initial: PackageFormValues | undefined }) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const navigate = useNavigate();
  const { currency } = useMoney();
  const services = useServices({ per_page: 100 });
  const save = useSavePackage();
  const form = useForm<PackageFormValues>({
    initialValues: initial ?? emptyPackageForm(),
    validate: (v) => zodErrors(packageBody, formToPackageBody(v, currency), locale),
  });
  const props = (path: string) => clearOnBlur(form, path, form.getInputProps(path));
  const options = (services.data?.data ?? []).map((s) => ({ value: s.uuid, label: s.name }));
  const rowError = (i: number) => form.errors[`services.${i}.service_id`] ?? form.errors[`services.${i}`];

  const submit = form.onSubmit((v) =>
    save.mutate(
      { id, body: packageBody.parse(formToPackageBody(v, currency)) },
      { onSuccess: () => navigate(LIST), onError: (e) => applyServerErrors(form, e, [...PACKAGE_FORM_FIELDS, ...v.services.flatMap((_, i) => [`services.${i}.service_id`, `services.${i}.quantity`])]) },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={900} mx="auto" w="100%">
        <FormHeader back={LIST} title={id ? t('packages.editTitle') : t('packages.createTitle')} />
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <TextInput label={t('fields.name')} required data-autofocus={!id || undefined} data-testid="package-name" {...props('name')} />
            <Textarea label={t('fields.description')} autosize minRows={2} maxRows={5} {...props('description')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <MoneyInput label={t('fields.price')} required data-testid="package-price" {...props('price')} />
              <NumberInput label={t('fields.validDays')} required min={1} allowDecimal={false} data-testid="package-days" {...props('valid_days')} />
              <NumberInput label={t('fields.sortOrder')} min={0} allowDecimal={false} {...props('sort_order')} />
            </SimpleGrid>
            <Group align="flex-end" gap="md" wrap="wrap">
              <Switch label={t('packages.unlimited')} {...form.getInputProps('unlimited', { type: 'checkbox' })} mb={8} />
              {!form.values.unlimited && <NumberInput label={t('fields.maxAvailable')} required min={1} allowDecimal={false} maw={200} {...props('max_available')} />}
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb={4}>
            {t('fields.services')}
          </Title>
          <Text c="dimmed" fz="sm" mb="md">
            {t('packages.servicesHint')}
          </Text>
          {form.errors.services && (
            <Text c="red" fz="sm" mb="xs">
              {form.errors.services}
            </Text>
          )}
          <Stack gap="sm">
            {form.values.services.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the form list.
              <Group key={i} align="flex-start" gap="sm" wrap="nowrap">
                <Select
                  aria-label={t('packages.service')}
                  placeholder={t('packages.service')}
                  data={options}
                  searchable
                  style={{ flex: 1 }}
                  data-testid={`package-service-${i}`}
                  {...props(`services.${i}.service_id`)}
                  error={rowError(i)}
                />
                <NumberInput aria-label={t('fields.quantity')} min={1} allowDecimal={false} w={100} data-testid={`package-qty-${i}`} {...props(`services.${i}.quantity`)} />
                <ActionIcon variant="subtle" color="red" mt={4} aria-label={t('packages.removeService')} onClick={() => form.removeListItem('services', i)} disabled={form.values.services.length === 1}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('services', { service_id: null, quantity: 1 })}>
                {t('packages.addService')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <FormPageFooter back={LIST} editing={Boolean(id)} saving={save.isPending} testId="package-save" />
      </Stack>
    </form>
  );
}
