import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarOff, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatClock, type TimeFormat } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import type { Slot } from '@app/shared/schemas/bookings';
import { groupSlots } from '../lib/slots';

type Props = {
  /** Why no times can be shown yet (no service, no branch); null when the list is live. */
  blockedReason: string | null;
  loading: boolean;
  failed: boolean;
  slots: readonly Slot[];
  selected: string | null;
  onSelect: (slot: Slot) => void;
  timeFormat: TimeFormat;
  error?: string | null | undefined;
  onNextDay: () => void;
};

/** A day's free start times from the availability engine, by part of the day; the chosen one is filled. */
export function SlotPicker({ blockedReason, loading, failed, slots, selected, onSelect, timeFormat, error, onNextDay }: Props) {
  const { t } = useTranslation('bookings');
  const locale = useLocale();

  let body: React.ReactNode;
  if (blockedReason) {
    body = (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} data-testid="booking-slots-disabled">
        {blockedReason}
      </Alert>
    );
  } else if (loading) {
    body = (
      <SimpleGrid cols={{ base: 3, xs: 4 }} spacing={6} data-testid="booking-slots-loading">
        {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) => (
          <Skeleton key={k} h={30} />
        ))}
      </SimpleGrid>
    );
  } else if (failed) {
    body = (
      <Alert variant="light" color="red" data-testid="booking-slots-error">
        {t('drawer.slotsError')}
      </Alert>
    );
  } else if (!slots.length) {
    body = (
      <Alert variant="light" color="yellow" icon={<IconCalendarOff size={18} />} data-testid="booking-slots-empty">
        <Stack gap={6} align="flex-start">
          {t('drawer.noSlots')}
          <Button size="compact-xs" variant="light" color="yellow" onClick={onNextDay} data-testid="booking-slots-next-day">
            {t('drawer.nextDay')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="xs">
        {groupSlots(slots).map((group) => (
          <Stack gap={4} key={group.part}>
            <Text fz="xs" c="dimmed" fw={600}>
              {t(`parts.${group.part}`)}
            </Text>
            <Group gap={6}>
              {group.slots.map((s) => {
                const active = s.start_time === selected;
                return (
                  <Button
                    key={s.start_time}
                    size="compact-sm"
                    miw={76}
                    variant={active ? 'filled' : 'default'}
                    onClick={() => onSelect(s)}
                    aria-pressed={active}
                    data-testid={`slot-${s.slot}`}
                    data-selected={active || undefined}
                  >
                    {formatClock(s.slot, locale, timeFormat)}
                  </Button>
                );
              })}
            </Group>
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap={4} data-testid="booking-slots">
      <Text fz="sm" fw={500}>
        {t('drawer.time')}{' '}
        <Text span c="red">
          *
        </Text>
      </Text>
      {body}
      {error && (
        <Text fz="xs" c="red" data-testid="booking-slot-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
