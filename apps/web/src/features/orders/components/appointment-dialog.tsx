import { ActionIcon, Alert, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { isApiError } from '@/lib/api-client';
import { formatClock } from '@/lib/format';
import { useStaffNames } from '../api/options';
import { useCreateBooking, useSlots } from '../api/orders';
import type { Order, OrderItem } from '../api/types';
import { addDays, todayIn } from '../lib/dates';
import { useOrderFormat } from '../lib/use-format';

const ANY = 'any';

/**
 * Re-adds the appointment of a service item whose appointment was deleted (editing the items deletes
 * them): a day, the free times of that day from the availability engine, a provider (or any), then
 * `POST order/:id/createBooking`.
 */
export function AppointmentDialog({ order, item, onClose }: { order: Order; item: OrderItem | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <Modal opened={item !== null} onClose={onClose} title={<Text fw={700}>{t('appointment.title', { name: item?.name ?? '' })}</Text>} size="lg" data-testid="appointment-dialog">
      {item && <AppointmentForm order={order} item={item} onClose={onClose} />}
    </Modal>
  );
}

function AppointmentForm({ order, item, onClose }: { order: Order; item: OrderItem; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const user = useCurrentUser();
  const [date, setDate] = useState(() => todayIn(fmt.timezone));
  const [staff, setStaff] = useState<string>(item.staff_id ?? ANY);
  const [picked, setPicked] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // An order without a branch (made under "all branches"): the free times of the branch chosen here.
  const [pickedBranch, setPickedBranch] = useState<string | null>(user.current_branch?.uuid ?? user.teams[0]?.uuid ?? null);
  const branchId = order.branch_id ?? pickedBranch;
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const slots = useSlots(branchId && item.service_id && validDate ? { branch_id: branchId, service_ids: item.service_id, from: date, to: date } : null);
  const names = useStaffNames();
  const create = useCreateBooking(order.id);

  const day = slots.data?.data.find((d) => d.date === date) ?? slots.data?.data[0];
  const staffIds = [...new Set((day?.slots ?? []).flatMap((s) => s.staff_ids))];
  const shown = (day?.slots ?? []).filter((s) => staff === ANY || s.staff_ids.includes(staff));
  const staffName = (id: string, i: number) => names.data?.get(id) ?? t('appointment.staffN', { n: i + 1 });

  const move = (days: number) => {
    setDate((d) => addDays(/^\d{4}-\d{2}-\d{2}$/.test(d) ? d : todayIn(fmt.timezone), days));
    setPicked(null);
  };

  const save = () => {
    if (!picked) return setErrors({ start_time: t('appointment.pickTime') });
    setErrors({});
    create.mutate(
      { item_id: item.id, staff_id: staff === ANY ? null : staff, start_time: picked, notes: notes.trim() || null },
      {
        onSuccess: onClose,
        onError: (e) => {
          if (isApiError(e) && e.status === 422) setErrors(Object.keys(e.fieldErrors).length ? e.fieldErrors : { form: e.message });
        },
      },
    );
  };
  const errorList = Object.values(errors);
  // Earlier days sit at the inline start: the chevrons follow the reading direction.
  const Prev = fmt.locale === 'ar' ? IconChevronRight : IconChevronLeft;
  const Next = fmt.locale === 'ar' ? IconChevronLeft : IconChevronRight;

  if (!item.service_id) return <Alert color="yellow">{t('appointment.noService')}</Alert>;
  if (!branchId) return <Alert color="yellow">{t('appointment.noBranch')}</Alert>;

  return (
    <Stack gap="md">
      {!order.branch_id && user.teams.length > 1 && (
        <Select
          label={t('appointment.branch')}
          data={user.teams.map((b) => ({ value: b.uuid, label: b.name }))}
          value={pickedBranch}
          onChange={(v) => {
            setPickedBranch(v);
            setPicked(null);
            setStaff(ANY);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="appointment-branch"
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Group gap={4} wrap="nowrap" align="flex-end">
          <ActionIcon variant="default" size="lg" mb={1} aria-label={t('appointment.prevDay')} onClick={() => move(-1)}>
            <Prev size={16} />
          </ActionIcon>
          <DateField
            label={t('appointment.date')}
            value={date}
            onChange={(d) => {
              if (!d) return;
              setDate(d);
              setPicked(null);
            }}
            clearable={false}
            style={{ flex: 1 }}
            data-testid="appointment-date"
          />
          <ActionIcon variant="default" size="lg" mb={1} aria-label={t('appointment.nextDay')} onClick={() => move(1)}>
            <Next size={16} />
          </ActionIcon>
        </Group>
        <Select
          label={t('appointment.staff')}
          data={[{ value: ANY, label: t('appointment.anyStaff') }, ...staffIds.map((id, i) => ({ value: id, label: staffName(id, i) }))]}
          value={staff}
          onChange={(v) => {
            setStaff(v ?? ANY);
            setPicked(null);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="appointment-staff"
        />
      </SimpleGrid>

      <div>
        <Text fz="sm" fw={500} mb={6}>
          {t('appointment.times')}
        </Text>
        {slots.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" />
          </Group>
        ) : slots.isError ? (
          <Alert color="red">
            <Group gap="sm">
              {t('appointment.loadError')}
              <Button size="xs" variant="light" color="red" onClick={() => void slots.refetch()}>
                {t('states.retry')}
              </Button>
            </Group>
          </Alert>
        ) : shown.length === 0 ? (
          <Text fz="sm" c="dimmed" ta="center" py="md" data-testid="appointment-no-slots">
            {t('appointment.noSlots')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 5 }} spacing={6} role="radiogroup" aria-label={t('appointment.times')} data-testid="appointment-slots">
            {shown.map((s) => (
              <Button
                key={s.start_time}
                size="xs"
                variant={picked === s.start_time ? 'filled' : 'default'}
                role="radio"
                aria-checked={picked === s.start_time}
                onClick={() => {
                  setPicked(s.start_time);
                  setErrors({});
                }}
                className="ltr-value"
              >
                {formatClock(s.slot, fmt.locale, user.tenant.time_format)}
              </Button>
            ))}
          </SimpleGrid>
        )}
      </div>
      <Textarea label={t('appointment.notes')} autosize minRows={1} maxRows={3} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
      {errorList.length > 0 && (
        <Alert color="red" data-testid="appointment-error">
          {errorList.join(' · ')}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button onClick={save} loading={create.isPending} disabled={!picked} data-testid="appointment-save">
          {t('appointment.save')}
        </Button>
      </Group>
    </Stack>
  );
}
