import { STORE_LOGO_MAX_PX, type StoreImage } from '@app/shared/schemas/store';
import { Box, Button, Card, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useRemoveStoreImage, useUploadStoreImage } from '../api/store-settings';
import { checkStoreImage, imageRules, readImageSize } from '../lib/image-check';

const FORMATS: Record<StoreImage, string> = { logo: 'JPG, PNG', banner: 'JPG, PNG, WEBP', favicon: 'PNG, JPG, WEBP' };
const PREVIEW: Record<StoreImage, { w: number | string; h: number }> = { logo: { w: 96, h: 96 }, banner: { w: '100%', h: 120 }, favicon: { w: 48, h: 48 } };

/**
 * One of the store's three images (spec §5: one each): its preview, a file picker with its limit and
 * formats, Save (sent even with no file: the server then says to change it first) and Remove. A picked
 * file is checked here first (type, size; the logo's pixels too) with the server's wording.
 */
export function ImageField({ kind, current, sizeOf = readImageSize }: { kind: StoreImage; current: string | null; sizeOf?: typeof readImageSize }) {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const upload = useUploadStoreImage();
  const remove = useRemoveStoreImage();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const rules = imageRules(kind);
  const mb = rules.maxBytes / (1024 * 1024);
  const limit =
    kind === 'logo'
      ? t('images.logoLimit', { kb: formatNumber(rules.maxBytes / 1024, locale), px: formatNumber(STORE_LOGO_MAX_PX, locale) })
      : t('images.limit', { mb: formatNumber(mb, locale) });

  const pick = async (picked: File | null) => {
    if (!picked) return;
    const problem = await checkStoreImage(kind, picked, sizeOf);
    if (problem) {
      setFile(null);
      setError(t(`images.errors.${problem}`, { kb: formatNumber(rules.maxBytes / 1024, locale), mb: formatNumber(mb, locale), px: formatNumber(STORE_LOGO_MAX_PX, locale) }));
      return;
    }
    setError(null);
    setFile(picked);
  };
  const onError = (e: unknown) => {
    if (isApiError(e) && e.status === 422) setError(e.fieldErrors.file ?? Object.values(e.fieldErrors)[0] ?? e.message);
  };
  const save = () => upload.mutate({ kind, file }, { onSuccess: () => setFile(null), onError });
  const drop = () =>
    remove.mutate(kind, {
      onSuccess: () => {
        setFile(null);
        setError(null);
      },
      onError,
    });
  const shown = preview ?? current;
  const size = PREVIEW[kind];

  return (
    <Card withBorder padding="md" data-testid={`image-${kind}`}>
      <Stack gap="sm">
        <div>
          <Text fw={600}>{t(`images.${kind}`)}</Text>
          <Text fz="xs" c="dimmed" data-testid={`image-${kind}-limit`}>
            {limit} · <Formats list={FORMATS[kind]} />
          </Text>
        </div>
        <Box
          w={size.w}
          h={size.h}
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px dashed var(--mantine-color-gray-4)',
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: 'var(--mantine-color-gray-0)',
          }}
        >
          {shown ? (
            <Image src={shown} alt={t(`images.${kind}`)} w="100%" h="100%" fit={kind === 'banner' ? 'cover' : 'contain'} data-testid={`image-${kind}-preview`} />
          ) : (
            <IconPhoto size={24} color="var(--mantine-color-gray-5)" />
          )}
        </Box>
        {file && (
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid={`image-${kind}-file`}>
            <bdi>{file.name}</bdi>
          </Text>
        )}
        {error && (
          <Text fz="sm" c="red" role="alert" data-testid={`image-${kind}-error`}>
            {error}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <FileButton onChange={(f) => void pick(f)} accept={rules.types.join(',')}>
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />} data-testid={`image-${kind}-pick`}>
                {t('images.choose')}
              </Button>
            )}
          </FileButton>
          <Button size="xs" onClick={save} loading={upload.isPending} data-testid={`image-${kind}-save`}>
            {t('save')}
          </Button>
          {current && (
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={drop} loading={remove.isPending} data-testid={`image-${kind}-remove`}>
              {t('images.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The allowed formats ("JPG, PNG"), kept together and left to right in either language. */
export function Formats({ list }: { list: string }) {
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {list}
    </bdi>
  );
}
