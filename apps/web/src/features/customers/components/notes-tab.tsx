import { type CustomerNote, noteBody } from '@app/shared/schemas/customers';
import { Button, Card, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconNotes, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { RowAction } from '@/components/list-table';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useAddNote, useDeleteNote, useNotes } from '../api/customers';

/** The customer's notes: the caller's own, or everyone's with "customer notes show all". */
export function NotesTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const locale = useLocale();
  const notes = useNotes(customerId);
  const add = useAddNote(customerId);
  const remove = useDeleteNote(customerId);
  const [deleting, setDeleting] = useState<CustomerNote | null>(null);
  const form = useForm({ initialValues: { body: '' }, validate: (v) => zodErrors(noteBody, v, locale) });
  const submit = form.onSubmit((v) =>
    add.mutate(noteBody.parse(v).body, { onSuccess: () => form.reset(), onError: (e) => applyServerErrors(form, e, ['body']) }),
  );

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Textarea
              label={t('notes.add')}
              placeholder={t('notes.placeholder')}
              autosize
              minRows={2}
              maxRows={6}
              data-testid="note-body"
              {...clearOnBlur(form, 'body', form.getInputProps('body'))}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending} data-testid="note-save">
                {t('notes.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Card withBorder padding={0}>
        <QueryList
          query={notes}
          loading={<ListSkeleton rows={3} />}
          error={{ title: t('states.errorTitle'), retry: t('states.retry') }}
          empty={<ListEmpty icon={IconNotes} title={t('notes.empty')} />}
        >
          {(list) => (
            <Stack gap={0} data-testid="notes-list">
              {list.map((n) => (
                <Group key={n.uuid} justify="space-between" align="flex-start" wrap="nowrap" p="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }} data-testid="note-row">
                  <Stack gap={4} miw={0}>
                    <Text fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {n.body}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {n.author?.name ?? t('notes.formerStaff')} · {formatDateTime(n.created_at, locale)}
                    </Text>
                  </Stack>
                  {n.can_delete && <RowAction label={t('notes.delete')} icon={IconTrash} color="red" onClick={() => setDeleting(n)} data-testid="note-delete" />}
                </Group>
              ))}
            </Stack>
          )}
        </QueryList>
      </Card>
      <DeleteConfirm item={deleting} onClose={() => setDeleting(null)} remove={remove} title={t('notes.deleteTitle')} message={t('notes.deleteMessage')} confirmLabel={t('notes.delete')} />
    </Stack>
  );
}
