import { STORE_DEFAULTS, STORE_IMAGES, type StoreSettings, storeAppearanceFields } from '@app/shared/schemas/store';
import { Box, Button, Card, ColorInput, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconRestore } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { useLocale } from '@/lib/use-locale';
import { zodErrors } from '@/lib/zod-errors';
import { useSaveStoreSection } from '../api/store-settings';
import type { readImageSize } from '../lib/image-check';
import { ImageField } from './image-field';

const COLORS = ['primary_color', 'secondary_color', 'background_color'] as const;
type Values = Record<(typeof COLORS)[number], string>;
const DEFAULTS: Values = { primary_color: STORE_DEFAULTS.primary_color, secondary_color: STORE_DEFAULTS.secondary_color, background_color: STORE_DEFAULTS.background_color };
const valuesOf = (s: StoreSettings): Values => ({ primary_color: s.primary_color, secondary_color: s.secondary_color, background_color: s.background_color });

/** Appearance (`store.appearance`): the three colours with a live preview, and the logo, banner and favicon. */
export function AppearanceTab({ settings, sizeOf }: { settings: StoreSettings; sizeOf?: typeof readImageSize }) {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const save = useSaveStoreSection('appearance');
  const form = useForm<Values>({ initialValues: valuesOf(settings), validate: (v) => zodErrors(storeAppearanceFields, v, locale) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved colours refill the form
  useEffect(() => {
    form.setValues(valuesOf(settings));
    form.resetDirty();
  }, [settings.primary_color, settings.secondary_color, settings.background_color]);

  const submit = form.onSubmit((v) => save.mutate(v, { onError: (e) => applyServerErrors(form, e, COLORS) }));
  const isDefault = COLORS.every((c) => form.values[c].toUpperCase() === DEFAULTS[c].toUpperCase());

  return (
    <Stack gap="lg" data-testid="store-appearance-tab">
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('appearance.colorsTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Stack gap="sm">
                {COLORS.map((c) => (
                  <ColorInput
                    key={c}
                    label={t(`appearance.${c}`)}
                    format="hex"
                    dir="ltr"
                    withEyeDropper={false}
                    swatches={[DEFAULTS[c], '#0F766E', '#7C3AED', '#DB2777', '#EA580C', '#111827', '#FFFFFF', '#F8FAFC']}
                    data-testid={`store-${c}`}
                    {...clearOnBlur(form, c, form.getInputProps(c))}
                  />
                ))}
              </Stack>
              <StorePreview colors={form.values} name={settings.store_name} logo={settings.logo} />
            </SimpleGrid>
            <Group justify="space-between" wrap="wrap">
              <Button variant="subtle" color="gray" leftSection={<IconRestore size={16} />} disabled={isDefault} onClick={() => form.setValues(DEFAULTS)} data-testid="store-colors-reset">
                {t('appearance.reset')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="store-appearance-save">
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              {t('appearance.imagesTitle')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('appearance.imagesHint')}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {STORE_IMAGES.map((kind) => (
              <ImageField key={kind} kind={kind} current={settings[kind]} sizeOf={sizeOf} />
            ))}
          </SimpleGrid>
        </Stack>
      </Card>
    </Stack>
  );
}

const safe = (hex: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? hex : fallback);

/** A small picture of the store's header in the chosen colours. */
function StorePreview({ colors, name, logo }: { colors: Values; name: string | null; logo: string | null }) {
  const { t } = useTranslation('store');
  const primary = safe(colors.primary_color, DEFAULTS.primary_color);
  const secondary = safe(colors.secondary_color, DEFAULTS.secondary_color);
  const background = safe(colors.background_color, DEFAULTS.background_color);
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {t('appearance.preview')}
      </Text>
      <Box style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', background }} data-testid="store-preview">
        <Group justify="space-between" px="md" py="sm" wrap="nowrap" style={{ background: primary, color: '#fff' }} data-testid="store-preview-header">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {logo ? (
              <img src={logo} alt="" width={28} height={28} style={{ borderRadius: 6, background: '#fff', objectFit: 'contain' }} />
            ) : (
              <Box w={28} h={28} style={{ borderRadius: 6, background: secondary, flex: 'none' }} />
            )}
            <Text fw={700} fz="sm" truncate>
              {name || t('appearance.previewName')}
            </Text>
          </Group>
          <Box px="sm" py={4} style={{ borderRadius: 999, background: secondary, color: '#fff', fontSize: 12, fontWeight: 600, whiteSpace: 'nowrap' }}>
            {t('appearance.previewBook')}
          </Box>
        </Group>
        <Stack gap={8} p="md">
          <Box h={10} w="60%" style={{ borderRadius: 4, background: primary, opacity: 0.25 }} />
          <Box h={8} w="85%" style={{ borderRadius: 4, background: '#94a3b8', opacity: 0.35 }} />
          <Group gap={8} mt={4}>
            {[0, 1, 2].map((i) => (
              <Box key={i} h={40} style={{ flex: 1, borderRadius: 8, border: `1px solid ${secondary}`, background: 'rgba(255,255,255,0.6)' }} />
            ))}
          </Group>
        </Stack>
      </Box>
    </Stack>
  );
}
