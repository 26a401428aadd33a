import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormFooter } from '@/components/form-footer';
import { useCurrentUser } from '@/features/auth/api/get-me';
import type { BlockTime, CalendarStaff } from '@app/shared/schemas/bookings';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { formatDateTimeIn, type TimeFormat } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useCreateBlockTime, useDeleteBlockTime } from '../api/calendar';
import { isoToLocalInput, localInputToIso } from '../lib/zone';

const ALL_STAFF = 'all';

type BlockValues = { branch_id: string | null; staff_id: string; start: string; end: string; notes: string };

/** A stretch of time nobody (or one provider) can be booked in: branch, staff or all, start, end, notes. */
export function BlockTimeModal({
  opened,
  onClose,
  zone,
  staff,
  initial,
}: {
  opened: boolean;
  onClose: () => void;
  zone: string;
  staff: readonly CalendarStaff[];
  /** Prefilled start and end (UTC ISO), e.g. from a selected range. */
  initial?: { start: string; end: string } | null;
}) {
  const { t } = useTranslation('calendar');
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{t('block.createTitle')}</Text>} size="md" data-testid="block-time-modal">
      {opened && <BlockForm onClose={onClose} zone={zone} staff={staff} initial={initial ?? null} />}
    </Modal>
  );
}

function defaultRange(zone: string): { start: string; end: string } {
  const hour = 3_600_000;
  const start = Math.ceil(Date.now() / hour) * hour;
  return { start: isoToLocalInput(start, zone), end: isoToLocalInput(start + hour, zone) };
}

function BlockForm({ onClose, zone, staff, initial }: { onClose: () => void; zone: string; staff: readonly CalendarStaff[]; initial: { start: string; end: string } | null }) {
  const { t } = useTranslation('calendar');
  const user = useCurrentUser();
  const create = useCreateBlockTime();
  const range = initial ? { start: isoToLocalInput(initial.start, zone), end: isoToLocalInput(initial.end, zone) } : defaultRange(zone);
  const branches = user.teams;
  const form = useForm<BlockValues>({
    initialValues: {
      branch_id: user.current_branch?.uuid ?? (branches.length === 1 ? (branches[0]?.uuid ?? null) : null),
      staff_id: ALL_STAFF,
      start: range.start,
      end: range.end,
      notes: '',
    },
    validate: (v) => {
      const start = localInputToIso(v.start, zone);
      const end = localInputToIso(v.end, zone);
      return {
        ...(v.branch_id ? {} : { branch_id: t('block.required') }),
        ...(start ? {} : { start: t('block.required') }),
        ...(end ? {} : { end: t('block.required') }),
        ...(start && end && end <= start ? { end: t('block.endAfterStart') } : {}),
      };
    },
  });
  const staffData = [
    { value: ALL_STAFF, label: t('block.allStaff') },
    ...staff.filter((s) => !form.values.branch_id || !s.branch_id || s.branch_id === form.values.branch_id).map((s) => ({ value: s.id, label: s.name })),
  ];
  const props = (path: string) => clearOnBlur(form, path, form.getInputProps(path));
  const submit = form.onSubmit((v) => {
    create.mutate(
      {
        branch_id: v.branch_id ?? '',
        staff_id: v.staff_id === ALL_STAFF ? null : v.staff_id,
        start_time: localInputToIso(v.start, zone) ?? '',
        end_time: localInputToIso(v.end, zone) ?? '',
        ...(v.notes.trim() ? { notes: v.notes.trim() } : {}),
      },
      {
        onSuccess: onClose,
        onError: (e) => applyServerErrors(form, e, ['branch_id', 'staff_id', 'start', 'end', 'notes'], { start_time: 'start', end_time: 'end' }),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {(branches.length > 1 || !user.current_branch) && (
          <Select label={t('block.branch')} required data={branches.map((b) => ({ value: b.uuid, label: b.name }))} allowDeselect={false} data-testid="block-branch" {...props('branch_id')} />
        )}
        <Select label={t('block.staff')} data={staffData} allowDeselect={false} data-testid="block-staff" {...props('staff_id')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="datetime-local" label={t('block.start')} required styles={{ input: { direction: 'ltr' } }} data-testid="block-start" {...props('start')} />
          <TextInput type="datetime-local" label={t('block.end')} required styles={{ input: { direction: 'ltr' } }} data-testid="block-end" {...props('end')} />
        </SimpleGrid>
        <Textarea label={t('block.notes')} autosize minRows={2} maxLength={500} data-testid="block-notes" {...props('notes')} />
        <FormFooter cancelLabel={t('block.cancel')} onCancel={onClose} submitLabel={t('block.save')} submitTestId="block-save" loading={create.isPending} />
      </Stack>
    </form>
  );
}

/** A block time's details, with its delete button for those who manage the calendar. */
export function BlockDetailsModal({
  block,
  onClose,
  zone,
  timeFormat,
  staffName,
  canDelete,
}: {
  block: BlockTime | null;
  onClose: () => void;
  zone: string;
  timeFormat: TimeFormat;
  staffName: string;
  canDelete: boolean;
}) {
  const { t } = useTranslation('calendar');
  const locale = useLocale();
  const remove = useDeleteBlockTime();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Modal opened={block !== null && !confirming} onClose={onClose} title={<Text fw={700}>{t('block.detailsTitle')}</Text>} size="sm" data-testid="block-details">
        {block && (
          <Stack gap="sm">
            <div>
              <Text fz="xs" c="dimmed">
                {t('block.staff')}
              </Text>
              <Text fz="sm">{staffName}</Text>
            </div>
            <div>
              <Text fz="xs" c="dimmed">
                {t('block.when')}
              </Text>
              <Text fz="sm">
                {formatDateTimeIn(block.start_time, locale, timeFormat, zone)} – {formatDateTimeIn(block.end_time, locale, timeFormat, zone)}
              </Text>
            </div>
            {block.notes && (
              <div>
                <Text fz="xs" c="dimmed">
                  {t('block.notes')}
                </Text>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {block.notes}
                </Text>
              </div>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('block.close')}
              </Button>
              {canDelete && (
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid="block-delete">
                  {t('block.delete')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={block !== null && confirming}
        title={t('block.deleteTitle')}
        message={t('block.deleteMessage')}
        confirmLabel={t('block.delete')}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          if (!block) return;
          remove.mutate(block.id, {
            onSuccess: () => {
              setConfirming(false);
              onClose();
            },
          });
        }}
      />
    </>
  );
}
