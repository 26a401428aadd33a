import { DateInput, type DateInputProps, DatesProvider, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/ar';
import type { ReactNode } from 'react';
import { parseDayInput, showDateTimeValue, showDayValue } from '@/lib/date-input';
import { useTenantFormat } from '@/lib/tenant-format';
import { useLocale } from '@/lib/use-locale';

type DateFieldProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  /** "YYYY-MM-DD", or '' for none (what a `type="date"` input held). */
  value?: string;
  onChange: (value: string) => void;
  /**
   * Visible above the field (a placeholder alone disappears once a date is chosen). A list filter
   * shows its short label inside the box instead (`DateFilter`) and passes only `aria-label`.
   */
  label?: string;
};

/**
 * Mantine's pickers in the UI language, the week starting on the business's first day. Here rather
 * than around the app: the date library and its styles load with the first page that has a date
 * field, not with the sign-in page.
 */
function DatesSettings({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const { startOfWeek } = useTenantFormat();
  const firstDayOfWeek = (((startOfWeek % 7) + 7) % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
  return <DatesProvider settings={{ locale, firstDayOfWeek, weekendDays: [5, 6] }}>{children}</DatesProvider>;
}

/**
 * A day, shown the way the rest of the app shows dates ("25 Nov 2026" / "25 نوفمبر 2026", never the
 * browser's mm/dd/yyyy), with a calendar in the UI language starting on the business's first day of
 * the week. The person may also type: ISO, day-first numbers or the shown form (`parseDayInput`).
 */
export function DateField({ value, onChange, clearable = true, ...props }: DateFieldProps) {
  const locale = useLocale();
  return (
    <DatesSettings>
      <DateInput
        value={value || null}
        onChange={(v) => onChange(v ? v.slice(0, 10) : '')}
        valueFormat={(v) => showDayValue(v, locale)}
        dateParser={parseDayInput}
        clearable={clearable}
        leftSection={<IconCalendar size={16} />}
        leftSectionPointerEvents="none"
        popoverProps={{ withinPortal: true }}
        {...props}
      />
    </DatesSettings>
  );
}

type DateTimeFieldProps = Omit<DateTimePickerProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'type'> & {
  /** A wall-clock "YYYY-MM-DDTHH:mm" (what a `datetime-local` input held), or '' for none. */
  value: string;
  onChange: (value: string) => void;
  label?: string;
};

/** A day and time on the business's wall clock, shown with its 12/24 h setting; the value keeps the `datetime-local` shape. */
export function DateTimeField({ value, onChange, clearable = true, ...props }: DateTimeFieldProps) {
  const locale = useLocale();
  const { timeFormat } = useTenantFormat();
  return (
    <DatesSettings>
      <DateTimePicker
        value={value ? `${value.slice(0, 10)} ${value.slice(11, 16)}:00` : null}
        onChange={(v) => onChange(v ? `${v.slice(0, 10)}T${v.slice(11, 16)}` : '')}
        valueFormat={(v) => showDateTimeValue(v, locale, timeFormat)}
        timePickerProps={{ format: timeFormat === '24' ? '24h' : '12h' }}
        clearable={clearable}
        leftSection={<IconCalendar size={16} />}
        leftSectionPointerEvents="none"
        {...props}
      />
    </DatesSettings>
  );
}
