import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@app/shared/constants';
import { CloseButton, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerSearch } from '@/features/customers/api/customers';
import { customerName } from '@/features/customers/lib/customer-form';

export type PickedCustomer = { id: string; name: string };

type Props = {
  value: PickedCustomer | null;
  onChange: (c: PickedCustomer | null) => void;
  label: string;
  /** Shown while nobody is chosen: "Guest" on a new order. */
  emptyHint?: string;
  error?: string | undefined;
  'data-testid'?: string;
};

/** Picks a customer by name or phone (searched from SEARCH_MIN_CHARS characters); clearing it leaves a guest order. */
export function CustomerPicker({ value, onChange, label, emptyHint, error, ...rest }: Props) {
  const { t } = useTranslation('orders');
  const [text, setText] = useState('');
  const [term] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const ready = term.length >= SEARCH_MIN_CHARS;
  const results = useCustomerSearch(term, ready);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const testId = rest['data-testid'] ?? 'customer-picker';

  if (value) {
    return (
      <div>
        <Text fz="sm" fw={500} mb={4}>
          {label}
        </Text>
        <Group gap="xs" wrap="nowrap" p={8} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }} data-testid={`${testId}-value`}>
          <IconUser size={16} />
          <Text fz="sm" fw={600} style={{ flex: 1 }} truncate>
            {value.name}
          </Text>
          <CloseButton size="sm" aria-label={t('customer.clear')} onClick={() => onChange(null)} data-testid={`${testId}-clear`} />
        </Group>
        {error && (
          <Text fz="xs" c="red" mt={4}>
            {error}
          </Text>
        )}
      </div>
    );
  }

  const typed = text.trim();
  let body: React.ReactNode;
  if (typed.length < SEARCH_MIN_CHARS) body = <Combobox.Empty>{t('customer.min', { count: SEARCH_MIN_CHARS })}</Combobox.Empty>;
  else if (typed !== term || results.isFetching)
    body = (
      <Combobox.Empty>
        <Loader size="xs" />
      </Combobox.Empty>
    );
  else if (results.isError) body = <Combobox.Empty>{t('customer.searchError')}</Combobox.Empty>;
  else if (!results.data?.data.length) body = <Combobox.Empty>{t('customer.none')}</Combobox.Empty>;
  else
    body = results.data.data.map((c) => (
      <Combobox.Option value={c.uuid} key={c.uuid} data-testid={`${testId}-option`}>
        <Text fz="sm" fw={600}>
          {customerName(c)}
        </Text>
        {c.phone && (
          <Text fz="xs" c="dimmed" className="ltr-value">
            {c.phone}
          </Text>
        )}
      </Combobox.Option>
    ));

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(id) => {
        const c = results.data?.data.find((x) => x.uuid === id);
        if (c) onChange({ id: c.uuid, name: customerName(c) });
        setText('');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => typed && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          placeholder={t('customer.placeholder')}
          description={emptyHint}
          leftSection={<IconSearch size={16} />}
          error={error}
          data-testid={testId}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typed}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {body}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
