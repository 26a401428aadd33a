import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@app/shared/constants';
import { ActionIcon, Box, Combobox, Loader, Modal, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCustomerSearch } from '../api/customers';
import { customerName } from '../lib/customer-form';

/** The search box: phone or name, queried from SEARCH_MIN_CHARS characters after a 500 ms pause. */
function SearchBox({ onPicked, autoFocus = false, testId }: { onPicked?: () => void; autoFocus?: boolean; testId: string }) {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [term] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const ready = term.length >= SEARCH_MIN_CHARS;
  const results = useCustomerSearch(term, ready);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const typing = value.trim().length > 0;
  const settled = value.trim() === term;

  const pick = (uuid: string) => {
    combobox.closeDropdown();
    setValue('');
    onPicked?.();
    navigate(`/management/customers/${uuid}`);
  };

  let body: React.ReactNode;
  if (value.trim().length < SEARCH_MIN_CHARS) body = <Combobox.Empty>{t('search.min', { count: SEARCH_MIN_CHARS })}</Combobox.Empty>;
  else if (!settled || results.isFetching) body = <Combobox.Empty><Loader size="xs" /></Combobox.Empty>;
  else if (results.isError) body = <Combobox.Empty>{t('search.error')}</Combobox.Empty>;
  else if (!results.data?.data.length) body = <Combobox.Empty>{t('search.none')}</Combobox.Empty>;
  else
    body = results.data.data.map((c) => (
      <Combobox.Option value={c.uuid} key={c.uuid} data-testid="customer-search-option">
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
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.Target>
        <TextInput
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => typing && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          leftSection={<IconSearch size={16} />}
          autoFocus={autoFocus}
          data-testid={testId}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typing} miw={260}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {body}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The top bar's customer search (spec §2): a box on wide screens, a button opening it on phones. */
export function CustomerSearch() {
  const { t } = useTranslation('customers');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Box visibleFrom="md" w={240}>
        <SearchBox testId="customer-search" />
      </Box>
      <ActionIcon hiddenFrom="md" variant="subtle" color="gray" size="lg" aria-label={t('search.label')} onClick={() => setOpen(true)} data-testid="customer-search-open">
        <IconSearch size={20} />
      </ActionIcon>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('search.label')} yOffset="10vh">
        {open && <SearchBox autoFocus onPicked={() => setOpen(false)} testId="customer-search-mobile" />}
      </Modal>
    </>
  );
}
