import { timeOffBody, type TimeOff } from '@app/shared/schemas/providers';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { DeleteConfirm } from '@/components/delete-confirm';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { RowAction } from '@/components/list-table';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { formatDay } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useAddTimeOff, useDeleteTimeOff, useTimeOff } from '../api/providers';

/** A provider's days off: date ranges (both days included) with a note; add and delete. */
export function TimeOffSection({ providerId }: { providerId: string }) {
  const { t } = useTranslation('providers');
  const locale = useLocale();
  const list = useTimeOff(providerId);
  const add = useAddTimeOff(providerId);
  const remove = useDeleteTimeOff(providerId);
  const [deleting, setDeleting] = useState<TimeOff | null>(null);
  const form = useForm({
    initialValues: { start_date: '', end_date: '', note: '' },
    validate: (v) => zodErrors(timeOffBody, v, locale),
  });
  const submit = form.onSubmit((v) =>
    add.mutate(timeOffBody.parse(v), {
      onSuccess: () => form.reset(),
      onError: (e) => applyServerErrors(form, e, ['start_date', 'end_date', 'note']),
    }),
  );
  const range = (x: TimeOff) => {
    const from = formatDay(x.start_date, locale);
    return x.start_date === x.end_date ? from : `${from} – ${formatDay(x.end_date, locale)}`;
  };

  return (
    <Paper withBorder p="md" data-testid="time-off">
      <Title order={2} fz="md" mb={4}>
        {t('timeOff.title')}
      </Title>
      <Text c="dimmed" fz="sm" mb="sm">
        {t('timeOff.hint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField label={t('timeOff.start')} required data-testid="time-off-start" {...clearOnBlur(form, 'start_date', form.getInputProps('start_date'))} />
            <DateField label={t('timeOff.end')} required data-testid="time-off-end" {...clearOnBlur(form, 'end_date', form.getInputProps('end_date'))} />
          </SimpleGrid>
          <TextInput label={t('timeOff.note')} placeholder={t('timeOff.notePlaceholder')} data-testid="time-off-note" {...clearOnBlur(form, 'note', form.getInputProps('note'))} />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={add.isPending} data-testid="time-off-add">
              {t('timeOff.add')}
            </Button>
          </Group>
        </Stack>
      </form>
      <QueryList
        query={list}
        loading={<ListSkeleton rows={2} />}
        error={{ title: t('states.errorTitle'), retry: t('states.retry') }}
        empty={<ListEmpty icon={IconCalendarOff} title={t('timeOff.empty')} />}
      >
        {(items) => (
          <Table mt="sm" verticalSpacing="xs" data-testid="time-off-list">
            <Table.Tbody>
              {items.map((x) => (
                <Table.Tr key={x.uuid} data-testid="time-off-row">
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {range(x)}
                    </Text>
                    {x.note && (
                      <Text fz="xs" c="dimmed">
                        {x.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td w={48}>
                    <RowAction label={t('delete')} icon={IconTrash} color="red" onClick={() => setDeleting(x)} data-testid="time-off-delete" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryList>
      <DeleteConfirm
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title={t('timeOff.deleteTitle')}
        message={deleting ? t('timeOff.deleteMessage', { range: range(deleting) }) : ''}
        confirmLabel={t('delete')}
      />
    </Paper>
  );
}
