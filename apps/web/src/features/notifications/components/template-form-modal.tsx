import type { Locale } from '@app/shared/constants';
import { Box, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FocusEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { joinList } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type NotificationTemplate, useSaveTemplate } from '../api/notifications';
import { useReadyAppChannels } from '../api/whatsapp';
import { renderTemplate, sampleVariables } from '../lib/preview';
import {
  ACTION_VARIABLES,
  APP_CHANNELS,
  emptyTemplateValues,
  formField,
  insertAt,
  NOTIFICATION_ACTION_GROUPS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_RECEIVERS,
  type NotificationAction,
  type NotificationReceiver,
  offsetParts,
  REMINDER_OFFSETS,
  TEMPLATE_FORM_FIELDS,
  type TemplateErrorKey,
  type TemplateFormValues,
  templateRequest,
  templateValues,
  type TemplateVariable,
} from '../lib/template-form';
import { CHANNEL_ICONS } from './badges';

/** The text fields a variable chip can go into. */
type TextField = 'title_ar' | 'title_en' | 'body_ar' | 'body_en';

/** "1 day before" / "قبل يوم": a reminder's offset as people say it. */
export function useOffsetLabel() {
  const { t } = useTranslation('notifications');
  return (minutes: number) => {
    const { unit, count } = offsetParts(minutes);
    return t(`offset.${unit}`, { count });
  };
}

/**
 * Creates (`template` null, `action` preset) or edits one of the business's notification templates:
 * the event it answers, the channel (WhatsApp and push offered but disabled: they need their app),
 * who receives it, a reminder's time before the appointment, the e-mail's subject and the text in
 * Arabic and English. Variable chips put `{{variable}}` at the caret of the text last focused; under
 * each text a preview fills it with sample data in its own language. The server's 422s show under
 * their fields.
 */
export function TemplateFormModal({
  opened,
  template,
  action,
  onClose,
}: {
  opened: boolean;
  template: NotificationTemplate | null;
  action?: NotificationAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const user = useCurrentUser();
  const save = useSaveTemplate();
  const offsetLabel = useOffsetLabel();
  const message = (key: TemplateErrorKey, values?: Record<string, string>) => t(`templates.errors.${key}`, values);
  const request = (values: TemplateFormValues) => templateRequest(values, message, locale, (names) => joinList(names, locale));
  const form = useForm<TemplateFormValues>({ initialValues: emptyTemplateValues(), validate: (values) => request(values).errors });
  const defaultTarget: TextField = locale === 'ar' ? 'body_ar' : 'body_en';
  const [target, setTarget] = useState<TextField>(defaultTarget);
  const refs: Record<TextField, RefObject<HTMLInputElement | HTMLTextAreaElement | null>> = {
    title_ar: useRef<HTMLInputElement>(null),
    title_en: useRef<HTMLInputElement>(null),
    body_ar: useRef<HTMLTextAreaElement>(null),
    body_en: useRef<HTMLTextAreaElement>(null),
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(template ? templateValues(template) : emptyTemplateValues(action));
    form.resetDirty();
    form.clearErrors();
    setTarget(defaultTarget);
    save.reset();
  }, [opened, template, action]);

  const submit = form.onSubmit((values) => {
    const { body } = request(values);
    save.mutate(
      { id: template?.id ?? null, body },
      {
        onSuccess: onClose,
        onError: (e) => {
          const rename = isApiError(e) ? Object.fromEntries(Object.keys(e.fieldErrors).map((k) => [k, formField(k) ?? k])) : {};
          applyServerErrors(form, e, TEMPLATE_FORM_FIELDS, rename);
        },
      },
    );
  });
  const close = () => {
    if (!save.isPending) onClose();
  };

  const v = form.values;
  const reminder = v.action === 'booking_reminder';
  const email = v.channel === 'email';
  const input = (path: keyof TemplateFormValues) => clearOnBlur(form, path, form.getInputProps(path));
  /** A text field's props: the form's, and it becomes where the chips write once focused. */
  const textInput = (path: TextField) => {
    const props = input(path);
    return {
      ...props,
      onFocus: (e: FocusEvent<HTMLInputElement & HTMLTextAreaElement>) => {
        setTarget(path);
        props.onFocus?.(e);
      },
    };
  };
  const choose = <K extends 'action' | 'channel' | 'receiver' | 'offset_minutes'>(path: K) => ({
    value: v[path] || null,
    error: form.errors[path],
    allowDeselect: false,
    onChange: (x: string | null) => {
      if (x === null) return;
      form.setFieldValue(path, x as never);
      form.setFieldError(path, null);
      if (path === 'action') form.setFieldError('offset_minutes', null);
    },
  });

  const insert = (name: TemplateVariable) => {
    const el = refs[target].current;
    const current = v[target];
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? start;
    const next = insertAt(current, `{{${name}}}`, start, end);
    form.setFieldValue(target, next.text);
    form.setFieldError(target, null);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  // WhatsApp once linked (or the Cloud API), push with VAPID keys (modules/channels on the server).
  const readyApps = useReadyAppChannels();
  const offsets = [...REMINDER_OFFSETS.map(String), ...(v.offset_minutes && !REMINDER_OFFSETS.map(String).includes(v.offset_minutes) ? [v.offset_minutes] : [])].map((m) => ({
    value: m,
    label: offsetLabel(Number(m)),
  }));
  const channels = NOTIFICATION_CHANNELS.map((c) => {
    const needsApp = APP_CHANNELS.includes(c) && !readyApps.has(c as 'whatsapp' | 'push');
    return { value: c, label: needsApp ? t('templates.form.channelNeedsApp', { channel: t(`channels.${c}`) }) : t(`channels.${c}`), disabled: needsApp && v.channel !== c };
  });
  const ChannelIcon = CHANNEL_ICONS[v.channel];

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t(template ? 'templates.edit' : 'templates.add')}</Text>} size="lg" centered data-testid="template-form-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('templates.form.action')}
              data={NOTIFICATION_ACTION_GROUPS.map((g) => ({ group: t(`groups.${g.key}`), items: g.actions.map((a) => ({ value: a, label: t(`actions.${a}.title`) })) }))}
              required
              {...choose('action')}
              data-testid="template-action"
            />
            <Select
              label={t('templates.form.receiver')}
              description={t(`receiverHints.${v.receiver}`)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data={NOTIFICATION_RECEIVERS.map((r: NotificationReceiver) => ({ value: r, label: t(`receivers.${r}`) }))}
              required
              {...choose('receiver')}
              data-testid="template-receiver"
            />
            <Select
              label={t('templates.form.channel')}
              data={channels}
              leftSection={<ChannelIcon size={16} />}
              required
              {...choose('channel')}
              data-testid="template-channel"
            />
            {reminder && (
              <Select
                label={t('templates.form.offset')}
                placeholder={t('templates.form.offsetPlaceholder')}
                data={offsets}
                required
                {...choose('offset_minutes')}
                data-testid="template-offset"
              />
            )}
          </SimpleGrid>

          {email && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                ref={refs.title_ar as RefObject<HTMLInputElement>}
                label={t('templates.form.titleAr')}
                description={t('templates.form.titleHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                dir="rtl"
                lang="ar"
                maxLength={150}
                data-testid="template-title-ar"
                {...textInput('title_ar')}
              />
              <TextInput
                ref={refs.title_en as RefObject<HTMLInputElement>}
                label={t('templates.form.titleEn')}
                description={t('templates.form.titleHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                dir="ltr"
                lang="en"
                maxLength={150}
                data-testid="template-title-en"
                {...textInput('title_en')}
              />
            </SimpleGrid>
          )}

          <Box>
            <Text fz="sm" fw={500}>
              {t('templates.form.variables')}
            </Text>
            <Text fz="xs" c="dimmed" mb={6} data-testid="template-variables-target">
              {t('templates.form.variablesHint', { field: t(`templates.form.fields.${target}`) })}
            </Text>
            <Group gap={6} data-testid="template-variables">
              {/* Only what the event fills: an order's message has no booking number, an OTP only its code. */}
              {ACTION_VARIABLES[v.action].map((name) => (
                <Button
                  key={name}
                  size="compact-xs"
                  variant="light"
                  radius="xl"
                  // Keeps the caret (and the focus) in the text being written.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => insert(name)}
                  aria-label={t('templates.form.insert', { name: t(`variables.${name}`) })}
                  data-testid={`template-var-${name}`}
                >
                  {t(`variables.${name}`)}
                </Button>
              ))}
            </Group>
          </Box>

          {(['ar', 'en'] as const).map((lang) => {
            const body: TextField = lang === 'ar' ? 'body_ar' : 'body_en';
            const title: TextField = lang === 'ar' ? 'title_ar' : 'title_en';
            return (
              <Stack key={lang} gap={6}>
                <Textarea
                  ref={refs[body] as RefObject<HTMLTextAreaElement>}
                  label={t(lang === 'ar' ? 'templates.form.bodyAr' : 'templates.form.bodyEn')}
                  required
                  autosize
                  minRows={3}
                  maxRows={8}
                  maxLength={1000}
                  dir={lang === 'ar' ? 'rtl' : 'ltr'}
                  lang={lang}
                  data-testid={`template-body-${lang}`}
                  {...textInput(body)}
                />
                <Preview lang={lang} title={email ? v[title] : ''} body={v[body]} businessName={user.tenant.name} timeFormat={user.tenant.time_format} />
              </Stack>
            );
          })}

          <Switch label={t('templates.form.active')} description={t('templates.form.activeHint')} mt="xs" data-testid="template-active" {...form.getInputProps('active', { type: 'checkbox' })} />
          <FormFooter mt="sm" cancelLabel={t('templates.form.cancel')} onCancel={close} submitLabel={t('templates.form.save')} submitTestId="template-save" loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** A text filled with sample data in its own language and direction: what the receiver reads. */
function Preview({ lang, title, body, businessName, timeFormat }: { lang: Locale; title: string; body: string; businessName: string | null; timeFormat: '12' | '24' }) {
  const { t } = useTranslation('notifications');
  const vars = sampleVariables(lang, { businessName, timeFormat });
  const subject = renderTemplate(title.trim(), vars);
  const text = renderTemplate(body.trim(), vars);
  return (
    <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-gray-0)" data-testid={`template-preview-${lang}`}>
      <Text fz="xs" c="dimmed" fw={500} mb={4}>
        {t(lang === 'ar' ? 'templates.form.previewAr' : 'templates.form.previewEn')}
      </Text>
      {text ? (
        <Box dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang}>
          {subject && (
            <Text fz="sm" fw={700} data-testid={`template-preview-${lang}-subject`}>
              {subject}
            </Text>
          )}
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={`template-preview-${lang}-text`}>
            {text}
          </Text>
        </Box>
      ) : (
        <Text fz="xs" c="dimmed">
          {t('templates.form.previewEmpty')}
        </Text>
      )}
    </Paper>
  );
}
