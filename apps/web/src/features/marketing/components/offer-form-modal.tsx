import { Checkbox, Group, Input, Modal, MultiSelect, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/components/date-field';
import { FormFooter } from '@/components/form-footer';
import { useServiceChoices } from '@/features/orders/api/options';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { useLocale } from '@/lib/use-locale';
import { DiscountValueInput } from './discount-value-input';
import { type Offer, useSaveOffer } from '../api/offers';
import {
  emptyOfferValues,
  formField,
  OFFER_CHANNELS,
  OFFER_FORM_FIELDS,
  OFFER_TYPES,
  type OfferChannel,
  type OfferErrorKey,
  type OfferFormValues,
  type OfferType,
  offerRequest,
  offerValues,
} from '../lib/offer-form';

type Option = { value: string; label: string };

/** Side-by-side fields keep their hints under the box, so the boxes line up whatever the hints' lengths. */
const HINT_BELOW = { inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[] };

/** The choices, with any chosen one the list no longer has kept under a placeholder name. */
function withChosen(options: Option[], chosen: readonly string[], unknown: string): Option[] {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: unknown }))];
}

/**
 * Creates (`offer` null) or edits one of the business's offers: its name and optional code, a
 * percentage (typed as 25, sent as 2500 basis points) or a fixed amount off the unit price (typed in
 * the business's currency, sent in minor units), when it starts and ends (the business's wall clock,
 * `zone`), the channels it prices (dashboard, booking page), the services it covers and whether it is
 * on. The server's 422s show under their fields.
 */
export function OfferFormModal({ opened, offer, currency, zone, onClose }: { opened: boolean; offer: Offer | null; currency: string; zone: string; onClose: () => void }) {
  const { t } = useTranslation('offers');
  const locale = useLocale();
  const save = useSaveOffer();
  const services = useServiceChoices();
  const message = (key: OfferErrorKey) => t(`errors.${key}`);
  const form = useForm<OfferFormValues>({ initialValues: emptyOfferValues(zone), validate: (values) => offerRequest(values, message, currency, zone, locale).errors });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(offer ? offerValues(offer, currency, zone) : emptyOfferValues(zone));
    form.resetDirty();
    form.clearErrors();
    save.reset();
  }, [opened, offer]);

  const submit = form.onSubmit((values) => {
    const { body } = offerRequest(values, message, currency, zone, locale);
    save.mutate(
      { id: offer?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (e) => {
          const rename = isApiError(e) ? Object.fromEntries(Object.keys(e.fieldErrors).map((k) => [k, formField(k) ?? k])) : {};
          applyServerErrors(form, e, OFFER_FORM_FIELDS, rename);
        },
      },
    );
  });
  const close = () => {
    if (!save.isPending) onClose();
  };
  const v = form.values;
  const percentage = v.type === 'percentage';
  const input = (path: keyof OfferFormValues) => clearOnBlur(form, path, form.getInputProps(path));
  const serviceOptions = withChosen(
    (services.data ?? []).map((s) => ({ value: s.uuid, label: s.name })),
    v.service_ids,
    t('form.unknownService'),
  );

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t(offer ? 'edit' : 'add')}</Text>} size="lg" centered data-testid="offer-form-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label={t('form.name')} description={t('form.nameHint')} required maxLength={120} data-autofocus {...HINT_BELOW} data-testid="offer-name" {...input('name')} />
            <TextInput
              label={t('form.code')}
              description={t('form.codeHint')}
              dir="ltr"
              maxLength={40}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              {...HINT_BELOW}
              data-testid="offer-code"
              {...input('code')}
            />
          </SimpleGrid>
          <Input.Wrapper label={t('form.type')} error={form.errors.type}>
            <SegmentedControl
              fullWidth
              value={v.type}
              onChange={(x) => {
                form.setFieldValue('type', x as OfferType);
                form.setFieldError('value', null);
              }}
              data={OFFER_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              data-testid="offer-type"
            />
          </Input.Wrapper>
          <DiscountValueInput
            percentage={percentage}
            currency={currency}
            label={t(percentage ? 'form.percent' : 'form.amount')}
            description={t(percentage ? 'form.percentHint' : 'form.amountHint')}
            data-testid="offer-value"
            {...input('value')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateTimeField label={t('form.startAt')} description={t('form.startHint')} required clearable={false} {...HINT_BELOW} data-testid="offer-start" {...input('start_at')} value={v.start_at} />
            <DateTimeField label={t('form.endAt')} description={t('form.endHint')} required clearable={false} {...HINT_BELOW} data-testid="offer-end" {...input('end_at')} value={v.end_at} />
          </SimpleGrid>
          <Checkbox.Group
            label={t('form.channels')}
            description={t('form.channelsHint')}
            value={v.channels}
            onChange={(x) => {
              form.setFieldValue('channels', x as OfferChannel[]);
              form.setFieldError('channels', null);
            }}
            error={form.errors.channels}
            data-testid="offer-channels"
          >
            <Group gap="lg" mt={6}>
              {OFFER_CHANNELS.map((c) => (
                <Checkbox key={c} value={c} label={t(`channels.${c}`)} data-testid={`offer-channel-${c}`} />
              ))}
            </Group>
          </Checkbox.Group>
          <MultiSelect
            label={t('form.services')}
            placeholder={v.service_ids.length ? undefined : t('form.servicesPlaceholder')}
            required
            data={serviceOptions}
            searchable
            clearable
            nothingFoundMessage={t('form.nothingFound')}
            error={form.errors.service_ids}
            value={v.service_ids}
            onChange={(ids) => {
              form.setFieldValue('service_ids', ids);
              form.setFieldError('service_ids', null);
            }}
            data-testid="offer-services"
          />
          <Switch label={t('form.active')} description={t('form.activeHint')} mt="xs" data-testid="offer-active" {...form.getInputProps('active', { type: 'checkbox' })} />
          <FormFooter mt="sm" cancelLabel={t('form.cancel')} onCancel={close} submitLabel={t('form.save')} submitTestId="offer-save" loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
