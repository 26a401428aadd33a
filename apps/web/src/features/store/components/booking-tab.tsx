import { STORE_LAYOUTS, STORE_NOTICE_HOURS_MAX, STORE_WINDOW_DAYS_MAX, type StoreLayout, type StoreSettings, storeBookingBody } from '@app/shared/schemas/store';
import { Group, NumberInput, Radio, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '@/lib/form-errors';
import { useLocale } from '@/lib/use-locale';
import { zodErrors } from '@/lib/zod-errors';
import { useSaveStoreSection } from '../api/store-settings';
import { StoreTabCard, StoreTabForm } from './store-tab-form';

const SWITCHES = ['approve_bookings', 'allow_reschedule', 'allow_cancel', 'require_phone_otp', 'show_prices', 'waitlist_enabled'] as const;
const FIELDS = ['layout', 'change_notice_hours', 'booking_window_days', ...SWITCHES] as const;

type Values = { layout: StoreLayout; change_notice_hours: number | string; booking_window_days: number | string } & Record<(typeof SWITCHES)[number], boolean>;

const valuesOf = (s: StoreSettings): Values => ({
  layout: s.layout,
  change_notice_hours: s.change_notice_hours,
  booking_window_days: s.booking_window_days,
  approve_bookings: s.approve_bookings,
  allow_reschedule: s.allow_reschedule,
  allow_cancel: s.allow_cancel,
  require_phone_otp: s.require_phone_otp,
  show_prices: s.show_prices,
  waitlist_enabled: s.waitlist_enabled,
});

const bodyOf = (v: Values) => ({
  ...v,
  change_notice_hours: v.change_notice_hours === '' ? Number.NaN : Number(v.change_notice_hours),
  booking_window_days: v.booking_window_days === '' ? Number.NaN : Number(v.booking_window_days),
});

/** Store settings (`store.settings`): the homepage's layout and how the store takes bookings. */
export function BookingTab({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const save = useSaveStoreSection('booking');
  const form = useForm<Values>({ initialValues: valuesOf(settings), validate: (v) => zodErrors(storeBookingBody, bodyOf(v), locale) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved values refill the form
  useEffect(() => {
    form.setValues(valuesOf(settings));
    form.resetDirty();
  }, [settings]);

  const submit = form.onSubmit((v) => save.mutate(bodyOf(v), { onError: (e) => applyServerErrors(form, e, FIELDS) }));

  return (
    <StoreTabForm onSubmit={submit} saving={save.isPending} testId="store-booking">
      <StoreTabCard title={t('booking.layoutTitle')} gap="sm">
        <Radio.Group value={form.values.layout} onChange={(x) => form.setFieldValue('layout', x as StoreLayout)} error={form.errors.layout} data-testid="store-layout">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" mt={4}>
            {STORE_LAYOUTS.map((layout) => (
              <Radio.Card key={layout} value={layout} radius="md" p="sm" withBorder data-testid={`store-layout-${layout}`}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fz="sm" fw={600}>
                      {t(`layouts.${layout}`)}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t(`layoutHints.${layout}`)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
      </StoreTabCard>
      <StoreTabCard title={t('booking.rulesTitle')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t('booking.noticeHours')}
            description={t('booking.noticeHoursHint')}
            min={0}
            max={STORE_NOTICE_HOURS_MAX}
            allowDecimal={false}
            allowNegative={false}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-testid="store-notice-hours"
            {...form.getInputProps('change_notice_hours')}
          />
          <NumberInput
            label={t('booking.windowDays')}
            description={t('booking.windowDaysHint')}
            min={1}
            max={STORE_WINDOW_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-testid="store-window-days"
            {...form.getInputProps('booking_window_days')}
          />
        </SimpleGrid>
        <Stack gap="sm">
          {SWITCHES.map((key) => (
            <Switch key={key} label={t(`booking.${key}`)} description={t(`booking.${key}Hint`)} data-testid={`store-${key}`} {...form.getInputProps(key, { type: 'checkbox' })} />
          ))}
        </Stack>
      </StoreTabCard>
    </StoreTabForm>
  );
}
