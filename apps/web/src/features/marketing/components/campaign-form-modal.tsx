import { CAMPAIGN_CHANNELS } from '@app/shared/schemas/campaigns';
import { Alert, Box, Button, Group, Input, Loader, Modal, MultiSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateTimeField } from '@/components/date-field';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useServiceChoices } from '@/features/orders/api/options';
import { useTags } from '@/features/settings/api/settings';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type Campaign, useAudienceCount, useSaveCampaign, useSendCampaign } from '../api/campaigns';
import {
  audienceOf,
  CAMPAIGN_FORM_FIELDS,
  CAMPAIGN_VARIABLES,
  CAMPAIGN_WHEN,
  type CampaignErrorKey,
  type CampaignFormValues,
  type CampaignVariable,
  campaignRequest,
  campaignValues,
  emptyCampaignValues,
  formField,
  insertAt,
  renderCampaign,
} from '../lib/campaign-form';

/** How long the audience must stay unchanged before it is counted again. */
const COUNT_DEBOUNCE_MS = 400;
const HINT_BELOW = { inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[] };

/**
 * Creates (`campaign` null) or edits a draft or scheduled campaign: its name and channel (with the
 * WhatsApp mass-sending warning, spec §8), an e-mail's subject, the content with variable chips and
 * a preview, the audience (tags, last visit, total spent, booked services) with the live count of who
 * it reaches, and when it goes: kept as a draft, sent now after a confirmation, or scheduled for a
 * time on the business's clock. The server's 422s show under their fields.
 */
export function CampaignFormModal({ opened, campaign, onClose }: { opened: boolean; campaign: Campaign | null; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  const locale = useLocale();
  const user = useCurrentUser();
  const { currency, timezone: zone } = user.tenant;
  const save = useSaveCampaign();
  const send = useSendCampaign();
  const tags = useTags();
  const services = useServiceChoices();
  const content = useRef<HTMLTextAreaElement>(null);
  const [confirming, setConfirming] = useState<CampaignFormValues | null>(null);
  const message = (key: CampaignErrorKey) => t(`errors.${key}`);
  const request = (values: CampaignFormValues, draft: boolean) => campaignRequest(values, { draft, currency, zone, locale, message });
  const form = useForm<CampaignFormValues>({ initialValues: emptyCampaignValues() });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(campaign ? campaignValues(campaign, currency, zone) : emptyCampaignValues());
    form.resetDirty();
    form.clearErrors();
    save.reset();
    send.reset();
  }, [opened, campaign]);

  const v = form.values;
  const [audience] = useDebouncedValue(audienceOf(v, currency), COUNT_DEBOUNCE_MS);
  const count = useAudienceCount(audience, v.channel, opened);

  const busy = save.isPending || send.isPending;
  const onServerError = (e: unknown) => {
    const rename = isApiError(e) ? Object.fromEntries(Object.keys(e.fieldErrors).map((k) => [k, formField(k) ?? k])) : {};
    applyServerErrors(form, e, CAMPAIGN_FORM_FIELDS, rename);
  };
  /** Saves; for "now", then sends. */
  const commit = (values: CampaignFormValues, draft: boolean) => {
    const { body } = request(values, draft);
    save.mutate(
      { id: campaign?.id ?? null, body },
      {
        onSuccess: (res) => {
          if (draft || values.when === 'later') return onClose();
          const id = (res as { data?: Campaign }).data?.id ?? campaign?.id;
          if (!id) return onClose();
          send.mutate({ id, scheduled_at: null }, { onSuccess: onClose, onError: onServerError, onSettled: () => setConfirming(null) });
        },
        onError: (e) => {
          setConfirming(null);
          onServerError(e);
        },
      },
    );
  };
  const submit = (draft: boolean) => {
    const { errors } = request(v, draft);
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    if (!draft && v.when === 'now') setConfirming(v);
    else commit(v, draft);
  };
  const close = () => {
    if (!busy) onClose();
  };

  const input = (path: keyof CampaignFormValues) => clearOnBlur(form, path, form.getInputProps(path));
  const insert = (name: CampaignVariable) => {
    const el = content.current;
    const start = el?.selectionStart ?? v.content.length;
    const end = el?.selectionEnd ?? start;
    const next = insertAt(v.content, `{{${name}}}`, start, end);
    form.setFieldValue('content', next.text);
    form.setFieldError('content', null);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };
  const preview = renderCampaign(v.content.trim(), { customer_name: t('form.sampleName'), business_name: user.tenant.name ?? '' });
  const n = (x: number) => formatNumber(x, locale);
  const tagOptions = (tags.data ?? []).map((g) => ({ value: g.uuid, label: g.name }));
  const serviceOptions = (services.data ?? []).map((s) => ({ value: s.uuid, label: s.name }));

  return (
    <>
      <Modal opened={opened} onClose={close} title={<Text fw={700}>{t(campaign ? 'edit' : 'add')}</Text>} size="xl" centered data-testid="campaign-form-modal">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit(false);
          }}
          noValidate
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('form.name')} required maxLength={120} data-testid="campaign-name" {...input('name')} />
              <Input.Wrapper label={t('form.channel')} required error={form.errors.channel}>
                <SegmentedControl
                  fullWidth
                  value={v.channel}
                  onChange={(c) => form.setFieldValue('channel', c as CampaignFormValues['channel'])}
                  data={CAMPAIGN_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
                  data-testid="campaign-channel"
                />
              </Input.Wrapper>
            </SimpleGrid>
            {v.channel === 'whatsapp' && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="campaign-whatsapp-warning">
                {t('form.whatsappWarning')}
              </Alert>
            )}
            {v.channel === 'email' && <TextInput label={t('form.title')} required maxLength={150} data-testid="campaign-title" {...input('title')} />}

            <Box>
              <Group gap={6} mb={6} data-testid="campaign-variables">
                <Text fz="sm" fw={500}>
                  {t('form.variables')}
                </Text>
                {CAMPAIGN_VARIABLES.map((name) => (
                  <Button
                    key={name}
                    size="compact-xs"
                    variant="light"
                    radius="xl"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => insert(name)}
                    aria-label={t('form.insert', { name: t(`variables.${name}`) })}
                    data-testid={`campaign-var-${name}`}
                  >
                    {t(`variables.${name}`)}
                  </Button>
                ))}
              </Group>
              <Textarea
                ref={content}
                label={t('form.content')}
                description={t('form.contentHint')}
                {...HINT_BELOW}
                required
                autosize
                minRows={3}
                maxRows={8}
                maxLength={1000}
                dir="auto"
                data-testid="campaign-content"
                {...input('content')}
              />
              {preview && (
                <Paper withBorder radius="md" p="xs" mt={6} bg="var(--mantine-color-gray-0)" data-testid="campaign-preview">
                  <Text fz="xs" c="dimmed" fw={500} mb={4}>
                    {t('form.preview')}
                  </Text>
                  <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {preview}
                  </Text>
                </Paper>
              )}
            </Box>

            <Paper withBorder radius="md" p="sm">
              <Stack gap="sm">
                <Text fw={600}>{t('form.audience')}</Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <MultiSelect
                    label={t('form.tags')}
                    placeholder={v.tag_ids.length ? undefined : t('form.any')}
                    data={tagOptions}
                    searchable
                    clearable
                    data-testid="campaign-tags"
                    {...input('tag_ids')}
                  />
                  <MultiSelect
                    label={t('form.services')}
                    placeholder={v.service_ids.length ? undefined : t('form.any')}
                    data={serviceOptions}
                    searchable
                    clearable
                    data-testid="campaign-services"
                    {...input('service_ids')}
                  />
                  <Input.Wrapper label={t('form.lastVisit')} description={t('form.lastVisitHint')} {...HINT_BELOW}>
                    <Group gap="xs" wrap="nowrap">
                      <TextInput aria-label={t('form.lastVisitFrom')} placeholder={t('form.daysFrom')} inputMode="numeric" data-testid="campaign-last-visit-from" {...input('last_visit_from')} />
                      <TextInput aria-label={t('form.lastVisitTo')} placeholder={t('form.daysTo')} inputMode="numeric" data-testid="campaign-last-visit-to" {...input('last_visit_to')} />
                    </Group>
                  </Input.Wrapper>
                  <Input.Wrapper label={t('form.spent', { currency })} description={t('form.spentHint')} {...HINT_BELOW}>
                    <Group gap="xs" wrap="nowrap">
                      <TextInput aria-label={t('form.minSpent')} placeholder={t('form.min')} inputMode="decimal" data-testid="campaign-min-spent" {...input('min_spent')} />
                      <TextInput aria-label={t('form.maxSpent')} placeholder={t('form.max')} inputMode="decimal" data-testid="campaign-max-spent" {...input('max_spent')} />
                    </Group>
                  </Input.Wrapper>
                </SimpleGrid>
                <Group gap="xs" align="center" data-testid="campaign-audience-count" aria-live="polite">
                  <IconUsers size={18} />
                  {count.data ? (
                    <Text fz="sm">
                      <Text span fw={700} data-testid="campaign-targeted">
                        {t('form.targeted', { count: count.data.targeted, n: n(count.data.targeted) })}
                      </Text>
                      {count.data.no_address > 0 && ` · ${t(v.channel === 'email' ? 'form.noEmail' : 'form.noPhone', { count: count.data.no_address, n: n(count.data.no_address) })}`}
                      {count.data.opted_out > 0 && ` · ${t('form.optedOut', { count: count.data.opted_out, n: n(count.data.opted_out) })}`}
                    </Text>
                  ) : count.isError ? (
                    <Text fz="sm" c="dimmed">
                      {t('form.countError')}
                    </Text>
                  ) : (
                    <Loader size="xs" />
                  )}
                  {count.isFetching && count.data && <Loader size="xs" />}
                </Group>
              </Stack>
            </Paper>

            <Input.Wrapper label={t('form.when')}>
              <SegmentedControl
                fullWidth
                value={v.when}
                onChange={(w) => form.setFieldValue('when', w as CampaignFormValues['when'])}
                data={CAMPAIGN_WHEN.map((w) => ({ value: w, label: t(`form.whenOptions.${w}`) }))}
                data-testid="campaign-when"
              />
            </Input.Wrapper>
            {v.when === 'later' && (
              <DateTimeField
                label={t('form.scheduledAt')}
                description={t('form.scheduledHint', { zone })}
                {...HINT_BELOW}
                required
                data-testid="campaign-scheduled-at"
                {...input('scheduled_at')}
                value={v.scheduled_at}
              />
            )}

            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={close} disabled={busy}>
                {t('form.cancel')}
              </Button>
              <Button variant="light" onClick={() => submit(true)} loading={save.isPending && confirming === null} disabled={busy} data-testid="campaign-save-draft">
                {t('form.saveDraft')}
              </Button>
              <Button type="submit" loading={busy} data-testid="campaign-submit">
                {t(v.when === 'later' ? 'form.schedule' : 'form.sendNow')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={confirming !== null}
        title={t('sendTitle')}
        message={t('sendBody', { count: count.data?.targeted ?? 0, n: n(count.data?.targeted ?? 0), channel: t(`channels.${v.channel}`) })}
        confirmLabel={t('form.sendNow')}
        color="blue"
        loading={busy}
        onConfirm={() => confirming && commit(confirming, false)}
        onClose={() => !busy && setConfirming(null)}
      />
    </>
  );
}
