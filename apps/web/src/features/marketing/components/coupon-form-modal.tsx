import { Input, Modal, MultiSelect, Radio, SegmentedControl, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { FormFooter } from '@/components/form-footer';
import { useProductChoices, useServiceChoices } from '@/features/orders/api/options';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { useLocale } from '@/lib/use-locale';
import { DiscountValueInput } from './discount-value-input';
import { type Coupon, useSaveCoupon } from '../api/coupons';
import {
  COUPON_FORM_FIELDS,
  COUPON_SCOPES,
  COUPON_TYPES,
  type CouponErrorKey,
  type CouponFormValues,
  type CouponScope,
  type CouponType,
  couponRequest,
  couponValues,
  emptyCouponValues,
  formField,
} from '../lib/coupon-form';

type Option = { value: string; label: string };

/** Side-by-side fields keep their hints under the box, so the boxes line up whatever the hints' lengths. */
const HINT_BELOW = { inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[] };

/** The choices, with any chosen one the list no longer has (deleted, or past its first page) kept under a placeholder name. */
function withChosen(options: Option[], chosen: readonly string[], unknown: string): Option[] {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: unknown }))];
}

/**
 * Creates (`coupon` null) or edits one of the business's coupons: its code (letters and digits,
 * saved in capitals), name and description, a percentage (typed as 25, sent as 2500 basis points) or
 * a fixed amount (typed in the business's currency, sent in minor units), the days it is valid, how
 * many orders may use it in all and per customer (empty: unlimited), the services and products it
 * covers (none chosen: every line) and whether it is on. The server's 422s show under their fields.
 */
export function CouponFormModal({ opened, coupon, currency, onClose }: { opened: boolean; coupon: Coupon | null; currency: string; onClose: () => void }) {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  const save = useSaveCoupon();
  const services = useServiceChoices();
  const products = useProductChoices();
  const message = (key: CouponErrorKey) => t(`coupons.errors.${key}`);
  const form = useForm<CouponFormValues>({ initialValues: emptyCouponValues(), validate: (values) => couponRequest(values, message, currency, locale).errors });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(coupon ? couponValues(coupon, currency) : emptyCouponValues());
    form.resetDirty();
    form.clearErrors();
    save.reset();
  }, [opened, coupon]);

  const submit = form.onSubmit((values) => {
    const { body } = couponRequest(values, message, currency, locale);
    save.mutate(
      { id: coupon?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (e) => {
          const rename = isApiError(e) ? Object.fromEntries(Object.keys(e.fieldErrors).map((k) => [k, formField(k) ?? k])) : {};
          applyServerErrors(form, e, COUPON_FORM_FIELDS, rename);
        },
      },
    );
  });
  const close = () => {
    if (!save.isPending) onClose();
  };
  const v = form.values;
  const percentage = v.discount_type === 'percentage';
  const input = (path: keyof CouponFormValues) => clearOnBlur(form, path, form.getInputProps(path));
  const unknown = t('coupons.form.unknownItem');
  const serviceOptions = withChosen((services.data ?? []).map((s) => ({ value: s.uuid, label: s.name })), v.service_ids, unknown);
  const productOptions = withChosen((products.data ?? []).map((p) => ({ value: p.uuid, label: p.name })), v.product_ids, unknown);

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t(coupon ? 'coupons.edit' : 'coupons.add')}</Text>} size="lg" centered data-testid="coupon-form-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('coupons.form.code')}
              description={t('coupons.form.codeHint')}
              required
              dir="ltr"
              maxLength={40}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              data-autofocus
              {...HINT_BELOW}
              data-testid="coupon-code"
              {...input('code')}
            />
            <TextInput label={t('coupons.form.name')} description={t('coupons.form.nameHint')} required maxLength={120} {...HINT_BELOW} data-testid="coupon-name" {...input('name')} />
          </SimpleGrid>
          <Textarea label={t('coupons.form.description')} autosize minRows={2} maxRows={5} maxLength={1000} data-testid="coupon-description" {...input('description')} />
          <Input.Wrapper label={t('coupons.form.type')} error={form.errors.discount_type}>
            <SegmentedControl
              fullWidth
              value={v.discount_type}
              onChange={(x) => {
                form.setFieldValue('discount_type', x as CouponType);
                form.setFieldError('value', null);
              }}
              data={COUPON_TYPES.map((type) => ({ value: type, label: t(`coupons.types.${type}`) }))}
              data-testid="coupon-type"
            />
          </Input.Wrapper>
          <DiscountValueInput
            percentage={percentage}
            currency={currency}
            label={t(percentage ? 'coupons.form.percent' : 'coupons.form.amount')}
            description={t(percentage ? 'coupons.form.percentHint' : 'coupons.form.amountHint')}
            data-testid="coupon-value"
            {...input('value')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField label={t('coupons.form.startDate')} description={t('coupons.form.startHint')} placeholder={t('coupons.form.startNow')} {...HINT_BELOW} data-testid="coupon-start" {...input('start_date')} />
            <DateField label={t('coupons.form.endDate')} description={t('coupons.form.endHint')} placeholder={t('coupons.form.noEnd')} {...HINT_BELOW} data-testid="coupon-end" {...input('end_date')} />
            <TextInput
              label={t('coupons.form.usageLimit')}
              description={t('coupons.form.usageLimitHint')}
              placeholder={t('coupons.form.unlimited')}
              inputMode="numeric"
              autoComplete="off"
              {...HINT_BELOW}
              data-testid="coupon-limit"
              {...input('usage_limit')}
            />
            <TextInput
              label={t('coupons.form.perCustomer')}
              description={t('coupons.form.perCustomerHint')}
              placeholder={t('coupons.form.unlimited')}
              inputMode="numeric"
              autoComplete="off"
              {...HINT_BELOW}
              data-testid="coupon-limit-per-customer"
              {...input('usage_limit_per_user')}
            />
          </SimpleGrid>
          <Radio.Group
            label={t('coupons.form.appliesTo')}
            value={v.scope}
            onChange={(x) => {
              form.setFieldValue('scope', x as CouponScope);
              form.setFieldError('service_ids', null);
            }}
            data-testid="coupon-scope"
          >
            <Stack gap={6} mt={6}>
              {COUPON_SCOPES.map((scope) => (
                <Radio key={scope} value={scope} label={t(`coupons.form.scope.${scope}`)} data-testid={`coupon-scope-${scope}`} />
              ))}
            </Stack>
          </Radio.Group>
          {v.scope === 'some' && (
            <Stack gap="sm">
              <MultiSelect
                label={t('coupons.form.services')}
                placeholder={v.service_ids.length ? undefined : t('coupons.form.servicesPlaceholder')}
                data={serviceOptions}
                searchable
                clearable
                nothingFoundMessage={t('coupons.form.nothingFound')}
                error={form.errors.service_ids}
                value={v.service_ids}
                onChange={(ids) => {
                  form.setFieldValue('service_ids', ids);
                  form.setFieldError('service_ids', null);
                }}
                data-testid="coupon-services"
              />
              <MultiSelect
                label={t('coupons.form.products')}
                placeholder={v.product_ids.length ? undefined : t('coupons.form.productsPlaceholder')}
                data={productOptions}
                searchable
                clearable
                nothingFoundMessage={t('coupons.form.nothingFound')}
                error={form.errors.product_ids}
                value={v.product_ids}
                onChange={(ids) => {
                  form.setFieldValue('product_ids', ids);
                  form.setFieldError('product_ids', null);
                  form.setFieldError('service_ids', null);
                }}
                data-testid="coupon-products"
              />
            </Stack>
          )}
          <Switch label={t('coupons.form.active')} description={t('coupons.form.activeHint')} mt="xs" data-testid="coupon-active" {...form.getInputProps('active', { type: 'checkbox' })} />
          <FormFooter mt="sm" cancelLabel={t('coupons.form.cancel')} onCancel={close} submitLabel={t('coupons.form.save')} submitTestId="coupon-save" loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
