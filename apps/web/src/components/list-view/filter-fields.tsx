import { type ComboboxItem, Select, Text } from '@mantine/core';
import { DateField } from '@/components/date-field';

type DateFilterProps = {
  /** The accessible name ("From date"). */
  label: string;
  /** Shown inside the box, at its start, whether or not a date is chosen ("From"). */
  shortLabel: string;
  value: string;
  onChange: (value: string) => void;
  'data-testid'?: string;
};

/** A list's date filter (`YYYY-MM-DD`, `''` when not set), shown like every date ("25 Nov 2026"), never the browser's mm/dd/yyyy. */
export function DateFilter({ label, shortLabel, value, onChange, ...rest }: DateFilterProps) {
  return (
    <DateField
      aria-label={label}
      leftSection={
        <Text fz="xs" c="dimmed" fw={500}>
          {shortLabel}
        </Text>
      }
      leftSectionWidth={44}
      value={value}
      onChange={onChange}
      data-testid={rest['data-testid']}
    />
  );
}

type SelectFilterProps = {
  /** The placeholder and the accessible name. */
  label: string;
  data: ComboboxItem[];
  /** `''` or `null` when not set. */
  value: string | null;
  onChange: (value: string | null) => void;
  searchable?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
};

/** A list's choice filter, cleared with its × button. */
export function SelectFilter({ label, value, ...props }: SelectFilterProps) {
  return <Select placeholder={label} aria-label={label} clearable value={value || null} {...props} />;
}

/**
 * A list's "from" and "to" date filters (address keys `from` and `to`), labelled by the feature's own
 * `filters.from`/`filters.fromShort`/`filters.to`/`filters.toShort` texts; test ids `<prefix>-filter-from|to`.
 */
export function dateRangeFilters(
  list: { filters: Record<'from' | 'to', string>; setFilter: (key: 'from' | 'to', value: string | null) => void },
  t: (key: string) => string,
  prefix: string,
) {
  return (['from', 'to'] as const).map((key) => (
    <DateFilter
      key={key}
      label={t(`filters.${key}`)}
      shortLabel={t(`filters.${key}Short`)}
      value={list.filters[key]}
      onChange={(v) => list.setFilter(key, v)}
      data-testid={`${prefix}-filter-${key}`}
    />
  ));
}
