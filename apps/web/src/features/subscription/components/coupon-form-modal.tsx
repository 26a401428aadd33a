import { Button, Group, Input, Modal, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useLocale } from '@/lib/use-locale';
import { type OperatorCoupon, useSaveCoupon } from '../api/operator';
import { COUPON_CURRENCY, COUPON_TYPES, type CouponFormValues, type CouponType, couponRequest, couponValues, emptyCouponValues } from '../lib/coupon-form';

const FIELDS = ['code', 'type', 'value', 'max_redemptions', 'expires_on', 'active'];

/**
 * Creates (`coupon` null) or edits a coupon for plans: its code (letters and digits, saved in
 * capitals), a percentage (typed as 25, sent as 2500 basis points) or a fixed amount (typed in
 * riyals, sent in halalas), how many times it may be used (empty: no limit), its last day (empty:
 * no end) and whether it is on. A used coupon keeps its redemptions when edited.
 */
export function CouponFormModal({ opened, coupon, onClose }: { opened: boolean; coupon: OperatorCoupon | null; onClose: () => void }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const save = useSaveCoupon();
  const message = (key: string) => t(`operator.coupons.errors.${key}`);
  const form = useForm<CouponFormValues>({ initialValues: emptyCouponValues(), validate: (values) => couponRequest(values, message, locale).errors });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(coupon ? couponValues(coupon) : emptyCouponValues());
    form.resetDirty();
    form.clearErrors();
    save.reset();
  }, [opened, coupon]);

  const submit = form.onSubmit((values) => {
    const { body } = couponRequest(values, message, locale);
    save.mutate({ id: coupon?.id ?? null, body }, { onSuccess: onClose, onError: (e) => applyServerErrors(form, e, FIELDS) });
  });
  const close = () => {
    if (!save.isPending) onClose();
  };
  const percentage = form.values.type === 'percentage';

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t(coupon ? 'operator.coupons.edit' : 'operator.coupons.add')}</Text>} size="lg" centered data-testid="coupon-form-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('operator.coupons.code')}
            description={t('operator.coupons.codeHint')}
            required
            dir="ltr"
            maxLength={40}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            data-testid="coupon-code"
            {...form.getInputProps('code')}
          />
          <Input.Wrapper label={t('operator.coupons.type')} error={form.errors.type}>
            <SegmentedControl
              fullWidth
              value={form.values.type}
              onChange={(v) => {
                form.setFieldValue('type', v as CouponType);
                form.setFieldError('value', null);
              }}
              data={COUPON_TYPES.map((type) => ({ value: type, label: t(`operator.coupons.types.${type}`) }))}
              data-testid="coupon-type"
            />
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t(percentage ? 'operator.coupons.percent' : 'operator.coupons.amount')}
              description={t(percentage ? 'operator.coupons.percentHint' : 'operator.coupons.amountHint')}
              required
              inputMode="decimal"
              rightSection={<Text fz="xs">{percentage ? '%' : COUPON_CURRENCY}</Text>}
              rightSectionWidth={percentage ? 32 : 48}
              data-testid="coupon-value"
              {...form.getInputProps('value')}
            />
            <TextInput
              label={t('operator.coupons.maxUses')}
              description={t('operator.coupons.maxUsesHint')}
              placeholder={t('operator.coupons.unlimited')}
              inputMode="numeric"
              data-testid="coupon-max-uses"
              {...form.getInputProps('max_redemptions')}
            />
          </SimpleGrid>
          <DateField
            label={t('operator.coupons.lastDay')}
            description={t('operator.coupons.lastDayHint')}
            placeholder={t('operator.coupons.noEnd')}
            data-testid="coupon-last-day"
            {...form.getInputProps('expires_on')}
          />
          <Switch label={t('operator.coupons.active')} description={t('operator.coupons.activeHint')} mt="xs" data-testid="coupon-active" {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {t('payment.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="coupon-save">
              {t('operator.coupons.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
