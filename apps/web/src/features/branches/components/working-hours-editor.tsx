import { WEEKDAYS } from '@app/shared/constants';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyDayToAll, type DayForm, nextRange, type RangeForm, runsPastMidnight } from '../lib/working-hours';

/** Times read left to right ("09:00") in Arabic too. */
const TIME_STYLES = { input: { direction: 'ltr' as const, minWidth: 0, paddingInline: 6 } };

type Props = {
  value: DayForm[];
  onChange: (days: DayForm[]) => void;
  /** Messages by weekday number (a range ending before it starts, overlapping ranges). */
  errors: Partial<Record<number, string>>;
};

/** Opening hours per weekday, Sunday to Saturday: open or closed, one or more from–to ranges. */
export function WorkingHoursEditor({ value, onChange, errors }: Props) {
  const { t } = useTranslation('branches');
  const dayNames = t('weekdays', { returnObjects: true }) as string[];

  const setDay = (d: number, day: DayForm) => onChange(value.map((x, i) => (i === d ? day : x)));
  const setRange = (d: number, r: number, patch: Partial<RangeForm>) => {
    const day = value[d]!;
    setDay(d, { ...day, ranges: day.ranges.map((x, i) => (i === r ? { ...x, ...patch } : x)) });
  };

  return (
    <Stack gap="xs">
      {WEEKDAYS.map((d) => {
        const day = value[d];
        if (!day) return null;
        const error = errors[d];
        return (
          <Paper key={d} withBorder radius="md" p={{ base: 'xs', sm: 'sm' }} data-testid={`hours-day-${d}`} style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Switch
                checked={day.open}
                onChange={(e) => setDay(d, { ...day, open: e.currentTarget.checked })}
                label={<Text fw={600}>{dayNames[d]}</Text>}
                w={130}
                mt={6}
                data-testid={`hours-open-${d}`}
              />
              {day.open ? (
                <Stack gap={6} style={{ flex: '1 1 220px', minWidth: 0 }}>
                  {day.ranges.map((range, r) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity beyond their position
                    <Stack key={r} gap={2}>
                    <Group gap={4} wrap="nowrap">
                      <TextInput
                        type="time"
                        aria-label={t('hours.from')}
                        value={range.from}
                        onChange={(e) => setRange(d, r, { from: e.currentTarget.value })}
                        styles={TIME_STYLES}
                        style={{ flex: 1, minWidth: 0 }}
                        data-testid={`hours-${d}-${r}-from`}
                      />
                      <Text c="dimmed" fz="sm" aria-hidden>
                        –
                      </Text>
                      <TextInput
                        type="time"
                        aria-label={t('hours.until')}
                        value={range.to}
                        onChange={(e) => setRange(d, r, { to: e.currentTarget.value })}
                        styles={TIME_STYLES}
                        style={{ flex: 1, minWidth: 0 }}
                        data-testid={`hours-${d}-${r}-to`}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={t('hours.removeRange')}
                        disabled={day.ranges.length === 1}
                        onClick={() => setDay(d, { ...day, ranges: day.ranges.filter((_, i) => i !== r) })}
                        data-testid={`hours-${d}-${r}-remove`}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                    {runsPastMidnight(range) && (
                      <Badge variant="light" color="indigo" size="sm" style={{ alignSelf: 'flex-start' }} data-testid={`hours-${d}-${r}-next-day`}>
                        {range.from === '00:00' ? t('hours.allDay') : t('hours.nextDay')}
                      </Badge>
                    )}
                    </Stack>
                  ))}
                  <Group justify="space-between" gap="xs">
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPlus size={14} />}
                      disabled={day.ranges.length >= 6}
                      onClick={() => setDay(d, { ...day, ranges: [...day.ranges, nextRange(day.ranges)] })}
                      data-testid={`hours-${d}-add`}
                    >
                      {t('hours.addRange')}
                    </Button>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconCopy size={14} />}
                      aria-label={t('hours.copyToAllOf', { day: dayNames[d] })}
                      title={t('hours.copyToAllHint')}
                      onClick={() => onChange(copyDayToAll(value, d))}
                      data-testid={`hours-${d}-copy-all`}
                    >
                      {t('hours.copyToAll')}
                    </Button>
                  </Group>
                  {error && (
                    <Text c="red" fz="xs" data-testid={`hours-error-${d}`}>
                      {error}
                    </Text>
                  )}
                </Stack>
              ) : (
                <Text c="dimmed" fz="sm" mt={6}>
                  {t('hours.closed')}
                </Text>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The slice of a Mantine form the hours field needs: its `days` value and errors `days`, `days.0` … `days.6`. */
export type HoursForm = {
  values: { days: DayForm[] };
  errors: Record<string, ReactNode>;
  setFieldValue: (path: 'days', value: DayForm[]) => void;
  clearFieldError: (path: string) => void;
};

/**
 * The hours editor bound to a form: the form-level error above it, per-day errors cleared on change;
 * `onEdit` hears every change the user makes (not the form's own `setFieldValue` calls).
 */
export function WorkingHoursField({ form, onEdit }: { form: HoursForm; onEdit?: () => void }) {
  const dayErrors = Object.fromEntries(WEEKDAYS.map((d) => [d, form.errors[`days.${d}`] as string | undefined]));
  return (
    <>
      {form.errors.days && (
        <Text c="red" fz="sm" mb="xs">
          {form.errors.days}
        </Text>
      )}
      <WorkingHoursEditor
        value={form.values.days}
        onChange={(days) => {
          form.setFieldValue('days', days);
          for (const d of WEEKDAYS) form.clearFieldError(`days.${d}`);
          onEdit?.();
        }}
        errors={dayErrors}
      />
    </>
  );
}
