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

type BoundList<K extends string> = { filters: Record<K, string>; setFilter: (key: K, value: string | null) => void };

/** A filter field's value and change handler, bound to one key of the list's address state. */
export function filterOf<K extends string>(list: BoundList<K>, key: K) {
  return { value: list.filters[key], onChange: (v: string | null) => list.setFilter(key, v) };
}

/**
 * A list's "from" and "to" date filters, labelled by `<labels>from`/`fromShort`/`to`/`toShort` of the
 * feature's texts (`filters.` by default); test ids `<prefix>-filter-from|to`. `keys` names the address
 * keys when they are not `from` and `to` (a customer's `created_from`/`created_to`).
 */
export function dateRangeFilters<K extends string>(
  list: BoundList<K>,
  t: (key: string) => string,
  prefix: string,
  { keys = ['from', 'to'] as unknown as readonly [K, K], labels = 'filters.' }: { keys?: readonly [K, K]; labels?: string } = {},
) {
  return (['from', 'to'] as const).map((end, i) => (
    <DateFilter
      key={end}
      label={t(`${labels}${end}`)}
      shortLabel={t(`${labels}${end}Short`)}
      {...filterOf(list, keys[i] as K)}
      data-testid={`${prefix}-filter-${end}`}
    />
  ));
}
