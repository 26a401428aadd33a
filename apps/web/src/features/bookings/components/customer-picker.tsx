import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@app/shared/constants';
import { normalizePhone, PHONE_COUNTRY_CODES } from '@app/shared/phone';
import { ActionIcon, Button, Card, Combobox, Group, Loader, SimpleGrid, Stack, Text, TextInput, Tooltip, useCombobox } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserCheck, IconUserPlus, IconX } from '@tabler/icons-react';
import { type MutableRefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useCreateCustomer, useCustomerSearch } from '@/features/customers/api/customers';
import { customerName } from '@/features/customers/lib/customer-form';
import { type ApiConflict, isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { guessPhoneCountry } from '@/lib/phone-country';

export type PickedCustomer = { id: string; name: string; phone: string | null };

/**
 * The new-customer form's save, while that form is open: the booking drawer calls it when "Book" is
 * pressed with no customer chosen, so what was typed there is used, or its fields say what is missing.
 * It resolves to the created (or existing, on a duplicate phone) customer, or null with the errors shown.
 */
export type PendingCustomer = MutableRefObject<(() => Promise<PickedCustomer | null>) | null>;

type Props = { value: PickedCustomer | null; onChange: (c: PickedCustomer | null) => void; error?: string | null | undefined; pending?: PendingCustomer };

/**
 * The booking's customer: searched by name or phone (from SEARCH_MIN_CHARS characters, after a
 * 500 ms pause, like the top bar), or created on the spot with a name and a phone.
 */
export function CustomerPicker({ value, onChange, error, pending }: Props) {
  const { t } = useTranslation('bookings');
  const [creating, setCreating] = useState(false);

  if (value) {
    return (
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          {t('drawer.customer')}{' '}
          <Text span c="red">
            *
          </Text>
        </Text>
        <Card withBorder padding="xs" radius="md" data-testid="booking-customer-selected">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fz="sm" fw={600}>
                {value.name}
              </Text>
              {value.phone && (
                <Text fz="xs" c="dimmed" className="ltr-value">
                  {value.phone}
                </Text>
              )}
            </div>
            <Tooltip label={t('drawer.changeCustomer')}>
              <ActionIcon variant="subtle" color="gray" aria-label={t('drawer.changeCustomer')} onClick={() => onChange(null)} data-testid="booking-customer-clear">
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Card>
        {error && (
          <Text fz="xs" c="red" data-testid="booking-customer-error">
            {error}
          </Text>
        )}
      </Stack>
    );
  }

  return creating ? (
    <QuickCreate
      onCreated={(c) => {
        setCreating(false);
        onChange(c);
      }}
      onCancel={() => setCreating(false)}
      pending={pending}
    />
  ) : (
    <Stack gap={6}>
      <CustomerSearchBox onPick={onChange} error={error} />
      <Button variant="subtle" size="compact-sm" leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)} style={{ alignSelf: 'flex-start' }} data-testid="booking-customer-new">
        {t('drawer.newCustomer')}
      </Button>
    </Stack>
  );
}

function CustomerSearchBox({ onPick, error }: { onPick: (c: PickedCustomer) => void; error?: string | null | undefined }) {
  const { t } = useTranslation('bookings');
  const [value, setValue] = useState('');
  const [term] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const ready = term.length >= SEARCH_MIN_CHARS;
  const results = useCustomerSearch(term, ready);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const typing = value.trim().length > 0;
  const settled = value.trim() === term;
  const list = results.data?.data ?? [];

  let body: React.ReactNode;
  if (value.trim().length < SEARCH_MIN_CHARS) body = <Combobox.Empty>{t('drawer.searchMin', { min: SEARCH_MIN_CHARS })}</Combobox.Empty>;
  else if (!settled || results.isFetching) body = <Combobox.Empty><Loader size="xs" /></Combobox.Empty>;
  else if (results.isError) body = <Combobox.Empty>{t('drawer.searchError')}</Combobox.Empty>;
  else if (!list.length) body = <Combobox.Empty>{t('drawer.searchNone')}</Combobox.Empty>;
  else
    body = list.map((c) => (
      <Combobox.Option value={c.uuid} key={c.uuid} data-testid="booking-customer-option">
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
        const c = list.find((x) => x.uuid === id);
        combobox.closeDropdown();
        if (c) onPick({ id: c.uuid, name: customerName(c), phone: c.phone });
      }}
    >
      <Combobox.Target>
        <TextInput
          label={t('drawer.customer')}
          required
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => typing && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          placeholder={t('drawer.customerSearch')}
          leftSection={<IconSearch size={16} />}
          error={error}
          data-testid="booking-customer-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typing}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {body}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

type QuickValues = { first_name: string; last_name: string; phone: string; phone_country: string };

/** A customer from three fields; the rest is filled in later on the customer's page. */
function QuickCreate({ onCreated, onCancel, pending }: { onCreated: (c: PickedCustomer) => void; onCancel: () => void; pending?: PendingCustomer | undefined }) {
  const { t } = useTranslation('bookings');
  const user = useCurrentUser();
  const create = useCreateCustomer();
  const country = PHONE_COUNTRY_CODES.includes(user.tenant.country) ? user.tenant.country : 'SA';
  const form = useForm<QuickValues>({
    initialValues: { first_name: '', last_name: '', phone: '', phone_country: country },
    validate: {
      first_name: (v) => (v.trim() ? null : t('drawer.required')),
      last_name: (v) => (v.trim() ? null : t('drawer.required')),
      phone: (v) => (v.trim() ? null : t('drawer.required')),
    },
  });
  // A phone another customer already has: that customer, offered instead, while the phone is unchanged.
  const [conflict, setConflict] = useState<{ phone: string; country: string; customer: ApiConflict['customer'] } | null>(null);
  const existing = conflict && conflict.phone === form.values.phone ? conflict : null;
  /** Creates the customer from the fields; null (with the reason under the fields) when it cannot. */
  const saveNow = async (): Promise<PickedCustomer | null> => {
    if (form.validate().hasErrors) return null;
    const v = form.getValues();
    try {
      const res = await create.mutateAsync({ first_name: v.first_name.trim(), last_name: v.last_name.trim(), phone: v.phone.trim(), phone_country: v.phone_country });
      return { id: res.data.uuid, name: customerName(res.data), phone: res.data.phone };
    } catch (e) {
      applyServerErrors(form, e, ['first_name', 'last_name', 'phone'], { phone_country: 'phone' });
      const c = isApiError(e) && e.conflict?.field === 'phone' ? e.conflict.customer : null;
      setConflict(c ? { phone: v.phone, country: v.phone_country, customer: c } : null);
      return null;
    }
  };
  const save = () => {
    void saveNow().then((c) => c && onCreated(c));
  };
  // "Book" in the drawer saves what is typed here first (see PendingCustomer).
  const saveRef = useRef(saveNow);
  saveRef.current = saveNow;
  useEffect(() => {
    if (!pending) return;
    pending.current = () => saveRef.current();
    return () => {
      pending.current = null;
    };
  }, [pending]);
  // Not a <form>: it sits inside the booking form. Enter in a field saves the customer.
  const onEnter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      save();
    }
  };
  return (
    <Card withBorder padding="sm" radius="md" data-testid="booking-customer-create">
      <Stack gap="xs">
        <Text fz="sm" fw={600}>
          {t('drawer.newCustomer')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <TextInput label={t('drawer.firstName')} required onKeyDown={onEnter} data-testid="booking-customer-first-name" {...form.getInputProps('first_name')} />
          <TextInput label={t('drawer.lastName')} required onKeyDown={onEnter} data-testid="booking-customer-last-name" {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <TextInput
          label={t('drawer.phone')}
          required
          inputMode="tel"
          placeholder="5XXXXXXXX"
          styles={{ input: { direction: 'ltr' } }}
          onKeyDown={onEnter}
          data-testid="booking-customer-phone"
          {...form.getInputProps('phone')}
          onChange={(e) => {
            const phone = e.currentTarget.value;
            form.setFieldValue('phone', phone);
            form.setFieldValue('phone_country', guessPhoneCountry(phone, form.values.phone_country));
          }}
        />
        {existing && (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconUserCheck size={16} />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => onCreated({ id: existing.customer.uuid, name: existing.customer.name, phone: normalizePhone(existing.phone, existing.country) ?? existing.phone.trim() })}
            data-testid="booking-customer-use-existing"
          >
            {t('drawer.useExisting')}
          </Button>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" size="xs" leftSection={<IconSearch size={14} />} onClick={onCancel} data-testid="booking-customer-search-instead">
            {t('drawer.searchInstead')}
          </Button>
          <Button size="xs" loading={create.isPending} onClick={save} data-testid="booking-customer-save">
            {t('drawer.createCustomer')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
