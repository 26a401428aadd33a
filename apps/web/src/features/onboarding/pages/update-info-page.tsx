import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { tenantInfoBody } from '@app/shared/schemas/onboarding';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { SubdomainStatus } from '@/features/store/components/subdomain-status';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useCheckSubdomain } from '../api/check-subdomain';
import { useOnboardingStatus } from '../api/get-onboarding-status';
import { useUpdateTenantInfo } from '../api/save-onboarding';
import { StepActions } from '../components/step-actions';

const FIELDS = ['activity_name', 'store_name', 'subdomain'] as const;
export { STORE_DOMAIN } from '@/features/store/components/subdomain-status';

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

  if (status.isPending) return <PageLoader />;

  const submit = form.onSubmit((v) =>
    save.mutate(tenantInfoBody.parse(v), {
      onSuccess: () => navigate('/onboarding/update-profile'),
      onError: (e) => applyServerErrors(form, e, FIELDS),
    }),
  );

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
        <SubdomainStatus
          value={typed}
          settled={settled}
          available={settled && check.data?.available === true}
          suggestions={check.data?.suggestions}
          onPick={(s) => form.setFieldValue('subdomain', s)}
          labels={{ available: t('info.available'), taken: t('info.taken'), suggestions: t('info.suggestions') }}
          previewTestId="store-url-preview"
        />
      </Stack>
      <StepActions loading={save.isPending} />
    </form>
  );
}
