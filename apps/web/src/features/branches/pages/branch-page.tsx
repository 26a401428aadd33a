import { BRANCH_TYPES } from '@app/shared/constants';
import { branchBody } from '@app/shared/schemas/access';
import { messageFor } from '@app/shared/validation';
import { Alert, Anchor, Button, Group, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowBackUp, IconMapPin } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useBranch, useSaveBranch } from '../api/branches';
import { WorkingHoursField } from '../components/working-hours-editor';
import { BRANCH_FORM_FIELDS, type BranchFormValues, type BranchType, branchFieldFor, branchToForm, emptyBranchForm, formToBranchBody, toFormErrors } from '../lib/branch-form';
import { timeZoneOptionsWith } from '../lib/time-zones';

const LIST = '/settings/branches';

/** `/settings/branches/new` creates a branch; `/settings/branches/:id` edits one. */
export function BranchPage() {
  const { id: param } = useParams();
  const id = param && param !== 'new' ? param : undefined;
  const branch = useBranch(id);
  if (id && branch.isPending) return <PageLoader />;
  if (id && branch.isError) return <BranchLoadError notFound={isApiError(branch.error) && branch.error.status === 404} onRetry={() => void branch.refetch()} />;
  return <BranchForm key={id ?? 'new'} id={id} initial={branch.data ? branchToForm(branch.data) : undefined} isMain={branch.data?.is_main ?? false} />;
}

function BranchLoadError({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  const { t } = useTranslation('branches');
  return (
    <Stack maw={900} mx="auto" w="100%">
      <Alert color="red" variant="light" title={t(notFound ? 'form.notFound' : 'loadError')}>
        <Group gap="sm" mt="xs">
          {!notFound && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('retry')}
            </Button>
          )}
          <Anchor component={Link} to={LIST} fz="sm">
            {t('form.back')}
          </Anchor>
        </Group>
      </Alert>
    </Stack>
  );
}

function BranchForm({ id, initial, isMain }: { id: string | undefined; initial: BranchFormValues | undefined; isMain: boolean }) {
  const { t } = useTranslation('branches');
  const locale = useLocale();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const save = useSaveBranch();
  const form = useForm<BranchFormValues>({
    initialValues: initial ?? emptyBranchForm(user.tenant.timezone),
    validate: (v) => {
      const errors = toFormErrors(zodErrors(branchBody, formToBranchBody(v), locale));
      const blank = (x: number | string) => x === '';
      if (blank(v.lat) && !blank(v.lng)) errors['lat'] = messageFor('required', locale);
      if (blank(v.lng) && !blank(v.lat)) errors['lng'] = messageFor('required', locale);
      return errors;
    },
  });
  const zones = useMemo(() => timeZoneOptionsWith(form.values.timezone), [form.values.timezone]);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!id) nameRef.current?.focus();
  }, [id]);

  const submit = form.onSubmit((v) =>
    save.mutate(
      { id, body: branchBody.parse(formToBranchBody(v)) },
      {
        onSuccess: () => navigate(LIST),
        onError: (e) => {
          if (!isApiError(e)) return;
          const rename = Object.fromEntries(Object.keys(e.fieldErrors).map((k) => [k, branchFieldFor(k)]));
          applyServerErrors(form, e, BRANCH_FORM_FIELDS, rename);
        },
      },
    ),
  );
  const props = (path: 'name' | 'address' | 'lat' | 'lng' | 'timezone') => clearOnBlur(form, path, form.getInputProps(path));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={900} mx="auto" w="100%">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Anchor component={Link} to={LIST} fz="sm" c="dimmed">
              <Group gap={4} component="span" wrap="nowrap">
                <IconArrowBackUp size={16} />
                {t('form.back')}
              </Group>
            </Anchor>
            <Title order={1} fz={{ base: 22, sm: 28 }} mt={4}>
              {id ? t('form.editTitle') : t('form.createTitle')}
            </Title>
            {isMain && (
              <Text c="dimmed" fz="sm">
                {t('form.mainHint')}
              </Text>
            )}
          </div>
        </Group>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="md">
            {t('form.basics')}
          </Title>
          <Stack gap="md">
            <TextInput ref={nameRef} label={t('fields.name')} name="name" required maw={480} data-testid="branch-name" {...props('name')} />
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                {t('fields.type')}
              </Text>
              <SegmentedControl
                data={BRANCH_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                value={form.values.type}
                onChange={(v) => form.setFieldValue('type', v as BranchType)}
                orientation="horizontal"
                fullWidth
                maw={480}
                data-testid="branch-type"
              />
              {form.errors.type && (
                <Text c="red" fz="xs">
                  {form.errors.type}
                </Text>
              )}
            </Stack>
            <Textarea label={t('fields.address')} name="address" autosize minRows={2} maxRows={4} maw={480} data-testid="branch-address" {...props('address')} />
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb={4}>
            {t('form.placeTitle')}
          </Title>
          <Text c="dimmed" fz="sm" mb="md">
            {t('form.locationHint')}
          </Text>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={480}>
              <NumberInput
                label={t('fields.lat')}
                name="lat"
                min={-90}
                max={90}
                decimalScale={7}
                hideControls
                placeholder="24.7136"
                leftSection={<IconMapPin size={16} />}
                styles={{ input: { direction: 'ltr' } }}
                data-testid="branch-lat"
                {...props('lat')}
              />
              <NumberInput
                label={t('fields.lng')}
                name="lng"
                min={-180}
                max={180}
                decimalScale={7}
                hideControls
                placeholder="46.6753"
                leftSection={<IconMapPin size={16} />}
                styles={{ input: { direction: 'ltr' } }}
                data-testid="branch-lng"
                {...props('lng')}
              />
            </SimpleGrid>
            <Select
              label={t('fields.timezone')}
              name="timezone"
              required
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('form.noZone')}
              data={zones}
              maw={480}
              limit={80}
              data-testid="branch-timezone"
              {...props('timezone')}
            />
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb={4}>
            {t('fields.workingHours')}
          </Title>
          <Text c="dimmed" fz="sm" mb="md">
            {t('form.hoursHint')}
          </Text>
          <WorkingHoursField form={form} />
        </Paper>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={LIST}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="branch-save">
            {id ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
