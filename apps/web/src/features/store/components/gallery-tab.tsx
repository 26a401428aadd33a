import { STORE_GALLERY_MAX } from '@app/shared/schemas/store';
import { ActionIcon, Box, Button, Card, FileButton, Group, Image, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListEmpty, ListError } from '@/components/list-states';
import { toast } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { type GalleryItem, useDeleteGalleryPicture, useGallery, useUploadGalleryPicture } from '../api/gallery';
import { checkStoreImage, imageRules } from '../lib/image-check';
import { Formats } from './image-field';

/** Gallery (`store.gallery`): the store's pictures, added one at a time, deleted after a confirmation. */
export function GalleryTab() {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const gallery = useGallery();
  const upload = useUploadGalleryPicture();
  const remove = useDeleteGalleryPicture();
  const [deleting, setDeleting] = useState<GalleryItem | null>(null);
  const rules = imageRules('gallery');
  const mb = formatNumber(rules.maxBytes / (1024 * 1024), locale);
  const count = gallery.data?.length ?? 0;
  const full = count >= STORE_GALLERY_MAX;

  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = await checkStoreImage('gallery', file);
    if (problem) return toast(t(`images.errors.${problem}`, { mb }), 'red');
    upload.mutate({ file }, { onError: toastRejected });
  };

  const picker = (testId: string) => (
    <FileButton onChange={(f) => void pick(f)} accept={rules.types.join(',')} disabled={full}>
      {(props) => (
        <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending} data-testid={testId}>
          {t('gallery.add')}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Card withBorder padding="lg" data-testid="store-gallery-tab">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" align="flex-end">
          <div>
            <Title order={2} fz="lg">
              {t('gallery.title')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('gallery.limit', { mb, max: formatNumber(STORE_GALLERY_MAX, locale), count: formatNumber(count, locale) })} · <Formats list="JPG, PNG, WEBP" />
            </Text>
          </div>
          {count > 0 && picker('gallery-add')}
        </Group>
        {gallery.isPending ? (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={140} radius="md" />
            ))}
          </SimpleGrid>
        ) : gallery.isError ? (
          <ListError text={{ title: t('gallery.loadError'), retry: t('retry') }} onRetry={() => void gallery.refetch()} />
        ) : count === 0 ? (
          <ListEmpty icon={IconPhoto} title={t('gallery.empty')} description={t('gallery.emptyHint')} action={picker('gallery-add-first')} />
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" data-testid="gallery-grid">
            {gallery.data.map((item) => (
              <Box key={item.id} pos="relative" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }} data-testid={`gallery-item-${item.id}`}>
                <Image src={item.url} alt={item.caption ?? ''} h={140} fit="cover" />
                {item.caption && (
                  <Text fz="xs" p={6} truncate>
                    {item.caption}
                  </Text>
                )}
                <ActionIcon
                  pos="absolute"
                  top={6}
                  style={{ insetInlineEnd: 6 }}
                  color="red"
                  variant="white"
                  aria-label={t('gallery.delete')}
                  onClick={() => setDeleting(item)}
                  data-testid={`gallery-delete-${item.id}`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('gallery.deleteTitle')}
        message={t('gallery.deleteBody')}
        confirmLabel={t('gallery.delete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null), onError: toastRejected })}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
