import { EMPLOYEE_BANDS, LOCALES } from '@app/shared/constants';
import { CURRENCIES, MAIN_CURRENCIES } from '@app/shared/currencies';
import { PHONE_COUNTRIES } from '@app/shared/phone';
import { type GeneralSettings, type GeneralSettingsBody, generalSettingsBody, SETTINGS_COUNTRIES, TIME_FORMATS } from '@app/shared/schemas/settings';
import { Alert, Button, Card, Group, MultiSelect, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListError } from '@/components/list-states';
import { timeZoneOptionsWith } from '@/features/branches/lib/time-zones';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useGeneralSettings, useIndustries, useSaveGeneralSettings } from '../api/settings';
import { SettingsPageHeader } from '../components/settings-page-header';

const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The currency choices: the main list first, then the rest of the table by code. */
export function currencyOptions(locale: 'ar' | 'en') {
  const label = (code: string) => {
    const c = CURRENCIES.find((x) => x.code === code);
    return c ? `${code} — ${locale === 'ar' ? c.nameAr : c.name}` : code;
  };
  const main = new Set<string>(MAIN_CURRENCIES);
  const rest = CURRENCIES.filter((c) => !main.has(c.code))
    .map((c) => c.code)
    .sort();
  return [
    { group: locale === 'ar' ? 'العملات الرئيسية' : 'Main currencies', items: MAIN_CURRENCIES.map((code) => ({ value: code, label: label(code) })) },
    { group: locale === 'ar' ? 'كل العملات' : 'All currencies', items: rest.map((code) => ({ value: code, label: label(code) })) },
  ];
}

/** General settings (spec §3 Company/store): name, industry, size, time zone, language, currency, country, clock, week start. */
export function GeneralSettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useGeneralSettings();
  return (
    <Stack gap="lg">
      <SettingsPageHeader title={t('general.title')} subtitle={t('general.subtitle')} />
      {settings.isPending ? (
        <Skeleton h={420} />
      ) : settings.isError || !settings.data ? (
        <ListError text={{ title: t('common.loadError'), retry: t('common.retry') }} onRetry={() => void settings.refetch()} />
      ) : (
        <GeneralForm settings={settings.data} />
      )}
    </Stack>
  );
}

const FIELDS = ['company_name', 'industries', 'number_of_employees', 'timezone', 'lang', 'currency', 'country', 'time_format', 'start_of_week'] as const;

function GeneralForm({ settings }: { settings: GeneralSettings }) {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const industries = useIndustries();
  const save = useSaveGeneralSettings();
  const form = useForm({
    initialValues: {
      company_name: settings.company_name ?? '',
      industries: settings.industries.map(String),
      number_of_employees: settings.number_of_employees ?? '',
      timezone: settings.timezone,
      lang: settings.lang as string,
      currency: settings.currency,
      country: settings.country,
      time_format: settings.time_format as string,
      start_of_week: String(settings.start_of_week),
    },
  });
  const toBody = (v: typeof form.values) => ({ ...v, industries: v.industries.map(Number), start_of_week: Number(v.start_of_week) });
  const submit = form.onSubmit((v) => {
    const errors = zodErrors(generalSettingsBody, toBody(v), locale);
    if (Object.keys(errors).length) return form.setErrors(errors);
    save.mutate(generalSettingsBody.parse(toBody(v)) as GeneralSettingsBody, { onError: (e) => applyServerErrors(form, e, [...FIELDS]) });
  });
  const currencyChanged = form.values.currency !== settings.currency;
  const weekDay = (d: number) => new Intl.DateTimeFormat(locale === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-GB', { weekday: 'long' }).format(new Date(Date.UTC(2023, 0, 1 + d)));

  return (
    <form onSubmit={submit} noValidate data-testid="general-settings-form">
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Text fw={700}>{t('general.business')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t('general.fields.company_name')} required data-testid="general-company-name" {...clearOnBlur(form, 'company_name', form.getInputProps('company_name'))} />
              <Select
                label={t('general.fields.number_of_employees')}
                required
                allowDeselect={false}
                data={EMPLOYEE_BANDS.map((b) => ({ value: b, label: b }))}
                data-testid="general-employees"
                {...form.getInputProps('number_of_employees')}
              />
            </SimpleGrid>
            <MultiSelect
              label={t('general.fields.industries')}
              required
              searchable
              data={(industries.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
              disabled={industries.isPending}
              data-testid="general-industries"
              {...form.getInputProps('industries')}
            />
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Text fw={700}>{t('general.regional')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={t('general.fields.currency')}
                required
                searchable
                allowDeselect={false}
                data={currencyOptions(locale)}
                data-testid="general-currency"
                {...form.getInputProps('currency')}
              />
              <Select
                label={t('general.fields.country')}
                required
                searchable
                allowDeselect={false}
                data={SETTINGS_COUNTRIES.map((code) => ({ value: code, label: PHONE_COUNTRIES[code]?.name[locale] ?? code }))}
                data-testid="general-country"
                {...form.getInputProps('country')}
              />
              <Select
                label={t('general.fields.timezone')}
                required
                searchable
                allowDeselect={false}
                data={timeZoneOptionsWith(settings.timezone)}
                data-testid="general-timezone"
                {...form.getInputProps('timezone')}
              />
              <Select
                label={t('general.fields.start_of_week')}
                required
                allowDeselect={false}
                data={WEEK_DAYS.map((d) => ({ value: String(d), label: weekDay(d) }))}
                data-testid="general-week-start"
                {...form.getInputProps('start_of_week')}
              />
            </SimpleGrid>
            {currencyChanged && settings.has_money && (
              <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} data-testid="general-currency-warning">
                {t('general.currencyWarning', { example: formatMoney(1000, locale, form.values.currency) })}
              </Alert>
            )}
            <Group gap="xl" wrap="wrap">
              <Stack gap={4}>
                <Text fz="sm" fw={500}>
                  {t('general.fields.time_format')}
                </Text>
                <SegmentedControl
                  data={TIME_FORMATS.map((f) => ({ value: f, label: t(`general.timeFormats.${f}`) }))}
                  data-testid="general-time-format"
                  {...form.getInputProps('time_format')}
                />
              </Stack>
              <Stack gap={4}>
                <Text fz="sm" fw={500}>
                  {t('general.fields.lang')}
                </Text>
                <SegmentedControl data={LOCALES.map((l) => ({ value: l, label: t(`general.langs.${l}`) }))} data-testid="general-lang" {...form.getInputProps('lang')} />
              </Stack>
            </Group>
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="general-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
