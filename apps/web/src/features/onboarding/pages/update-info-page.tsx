import { Badge, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { tenantInfoBody } from '@app/shared/schemas/onboarding';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useCheckSubdomain } from '../api/check-subdomain';
import { useOnboardingStatus } from '../api/get-onboarding-status';
import { useUpdateTenantInfo } from '../api/save-onboarding';
import { StepActions } from '../components/step-actions';

const FIELDS = ['activity_name', 'store_name', 'subdomain'] as const;
export const STORE_DOMAIN = import.meta.env.VITE_STORE_DOMAIN ?? 'khidma.localhost';

export function UpdateInfoPage() {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const navigate = useNavigate();
  const status = useOnboardingStatus();
  const save = useUpdateTenantInfo();
  const form = useForm({
    initialValues: { activity_name: '', store_name: '', subdomain: '' },
    validate: (v) => zodErrors(tenantInfoBody, v, locale),
  });
  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));

  // Going back to this step shows what was saved.
  const prefilled = useRef(false);
  useEffect(() => {
    const info = status.data?.tenant_info;
    if (!info || prefilled.current) return;
    prefilled.current = true;
    form.setValues({ activity_name: info.activity_name ?? '', store_name: info.store_name ?? '', subdomain: info.subdomain ?? '' });
  }, [status.data, form]);

  const [subdomain] = useDebouncedValue(form.values.subdomain.trim(), 500);
  const [storeName] = useDebouncedValue(form.values.store_name.trim(), 500);
  const check = useCheckSubdomain(subdomain, subdomain ? '' : storeName);
  const typed = form.values.subdomain.trim();
  const settled = typed === subdomain && !check.isFetching && check.data?.subdomain === subdomain;
  const validShape = /^[a-z]{3,20}$/.test(typed);

  if (status.isPending) return <PageLoader />;

  const submit = form.onSubmit((v) =>
    save.mutate(tenantInfoBody.parse(v), {
      onSuccess: () => navigate('/onboarding/update-profile'),
      onError: (e) => applyServerErrors(form, e, FIELDS),
    }),
  );

  let badge = null;
  if (typed && validShape) {
    if (!settled) badge = <Loader size={14} />;
    else if (check.data?.available)
      badge = (
        <Badge color="green" variant="light" leftSection={<IconCheck size={12} />} data-testid="subdomain-available">
          {t('info.available')}
        </Badge>
      );
    else
      badge = (
        <Badge color="red" variant="light" leftSection={<IconX size={12} />} data-testid="subdomain-taken">
          {t('info.taken')}
        </Badge>
      );
  }
  const suggestions = (check.data?.suggestions ?? []).filter((s) => s !== typed).slice(0, 5);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Text fw={700} fz="lg">
            {t('info.title')}
          </Text>
          <Text c="dimmed" fz="sm">
            {t('info.subtitle')}
          </Text>
        </div>
        <TextInput label={t('info.activityName')} placeholder={t('info.activityNamePlaceholder')} name="activity_name" required {...props('activity_name')} />
        <TextInput label={t('info.storeName')} placeholder={t('info.storeNamePlaceholder')} name="store_name" required {...props('store_name')} />
        <TextInput
          label={t('info.storeUrl')}
          description={t('info.storeUrlHint')}
          name="subdomain"
          required
          dir="ltr"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder="mystore"
          {...props('subdomain')}
          onChange={(e) => form.setFieldValue('subdomain', e.currentTarget.value.toLowerCase().replace(/\s+/g, ''))}
        />
        {validShape && (
          <Group gap="xs" wrap="wrap">
            <Text fz="sm" fw={600} className="ltr-value" data-testid="store-url-preview">
              {typed}.{STORE_DOMAIN}
            </Text>
            {badge}
          </Group>
        )}
        {suggestions.length > 0 && (
          <Group gap={6} wrap="wrap">
            <Text fz="sm" c="dimmed">
              {t('info.suggestions')}
            </Text>
            {suggestions.map((s) => (
              <Button
                key={s}
                size="compact-sm"
                variant="light"
                radius="xl"
                onClick={() => form.setFieldValue('subdomain', s)}
                data-testid={`subdomain-suggestion-${s}`}
              >
                <span dir="ltr">{s}</span>
              </Button>
            ))}
          </Group>
        )}
      </Stack>
      <StepActions loading={save.isPending} />
    </form>
  );
}
