import { downloadFile } from '@/lib/api-client';
import { CUSTOMER_ATTACHMENT_MAX_BYTES, CUSTOMER_ATTACHMENT_TYPES, type CustomerAttachment } from '@app/shared/schemas/customers';
import { messageFor } from '@app/shared/validation';
import { Anchor, Button, Card, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { IconFile, IconPaperclip, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { RowAction } from '@/components/list-table';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useAttachments, useDeleteAttachment, useUploadAttachment } from '../api/customers';
import { checkAttachment } from '../lib/attachment';

/** The customer's files: upload (images and PDF, up to 5 MB), list, open, delete. */
export function AttachmentsTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const locale = useLocale();
  const list = useAttachments(customerId);
  const upload = useUploadAttachment(customerId);
  const remove = useDeleteAttachment(customerId);
  const [deleting, setDeleting] = useState<CustomerAttachment | null>(null);
  const [error, setError] = useState<string | null>(null);

  const pick = (file: File | null) => {
    if (!file) return;
    const problem = checkAttachment(file);
    if (problem) {
      setError(messageFor(problem, locale, { max: CUSTOMER_ATTACHMENT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setError(null);
    upload.mutate(file, {
      onError: (e) => {
        if (isApiError(e) && e.status === 422) setError(e.fieldErrors.file ?? e.message);
      },
    });
  };
  const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10, locale)} MB` : `${formatNumber(Math.max(1, Math.round(bytes / 1024)), locale)} KB`);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text c="dimmed" fz="sm">
          {t('attachments.hint')}
        </Text>
        <FileButton onChange={pick} accept={CUSTOMER_ATTACHMENT_TYPES.join(',')}>
          {(props) => (
            <Button leftSection={<IconUpload size={16} />} loading={upload.isPending} {...props} data-testid="attachment-upload">
              {t('attachments.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <Text c="red" fz="sm" role="alert" data-testid="attachment-error">
          {error}
        </Text>
      )}
      <Card withBorder padding={0}>
        <QueryList
          query={list}
          loading={<ListSkeleton rows={2} />}
          error={{ title: t('states.errorTitle'), retry: t('states.retry') }}
          empty={<ListEmpty icon={IconPaperclip} title={t('attachments.empty')} />}
        >
          {(items) => (
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="sm" data-testid="attachments-list">
                <Table.Tbody>
                  {items.map((a) => (
                    <Table.Tr key={a.uuid} data-testid="attachment-row">
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {a.mime.startsWith('image/') ? <IconPhoto size={18} /> : <IconFile size={18} />}
                          <Anchor
                            component="button"
                            type="button"
                            onClick={() => void downloadFile(a.url, a.name).catch(() => undefined)}
                            fz="sm"
                            ta="start"
                            style={{ wordBreak: 'break-all' }}
                            data-testid="attachment-download"
                          >
                            {a.name}
                          </Anchor>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text fz="xs" c="dimmed" className="ltr-value">
                          {size(a.size)}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Text fz="xs" c="dimmed">
                          {formatDateTime(a.created_at, locale)}
                        </Text>
                      </Table.Td>
                      <Table.Td w={48}>
                        <RowAction label={t('attachments.delete')} icon={IconTrash} color="red" onClick={() => setDeleting(a)} data-testid="attachment-delete" />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryList>
      </Card>
      <DeleteConfirm
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title={t('attachments.deleteTitle')}
        message={t('attachments.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('attachments.delete')}
      />
    </Stack>
  );
}
