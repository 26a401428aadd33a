import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import type { FeeDraft } from '../lib/money-input';
import { currencySymbol } from '../lib/use-format';

/** The fee rows (title, value in major units) with add and remove; errors by `fees.N.title|value`. */
export function FeesEditor({
  value,
  onChange,
  errors,
  currency,
  disabled = false,
}: { value: FeeDraft[]; onChange: (rows: FeeDraft[]) => void; errors: Record<string, string>; currency: string; disabled?: boolean }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const set = (i: number, patch: Partial<FeeDraft>) => onChange(value.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <Stack gap="xs">
      <Text fz="sm" fw={500}>
        {t('fees.title')}
      </Text>
      {value.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place and removed by position
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t('fees.name')}
            placeholder={t('fees.name')}
            value={row.title}
            onChange={(e) => set(i, { title: e.currentTarget.value })}
            error={errors[`fees.${i}.title`]}
            style={{ flex: 2 }}
            disabled={disabled}
            data-testid={`fee-title-${i}`}
          />
          <TextInput
            aria-label={t('fees.amount')}
            placeholder="0"
            inputMode="decimal"
            value={row.value}
            onChange={(e) => set(i, { value: e.currentTarget.value })}
            error={errors[`fees.${i}.value`]}
            rightSection={
              <Text fz="xs" c="dimmed">
                {currencySymbol(currency, locale)}
              </Text>
            }
            rightSectionWidth={44}
            style={{ flex: 1, minWidth: 96 }}
            disabled={disabled}
            data-testid={`fee-amount-${i}`}
          />
          {!disabled && (
            <ActionIcon variant="subtle" color="red" mt={6} aria-label={t('fees.remove')} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {value.length === 0 && disabled && (
        <Text fz="sm" c="dimmed">
          {t('fees.none')}
        </Text>
      )}
      <Group display={disabled ? 'none' : undefined}>
        <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...value, { title: '', value: '' }])} data-testid="fee-add">
          {t('fees.add')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A money amount typed in major units, with the currency code at its end. */
export function MoneyText({ currency, ...props }: React.ComponentProps<typeof TextInput> & { currency: string }) {
  const locale = useLocale();
  return (
    <TextInput
      inputMode="decimal"
      placeholder="0"
      rightSection={
        <Text fz="xs" c="dimmed">
          {currency === '%' ? '%' : currencySymbol(currency, locale)}
        </Text>
      }
      rightSectionWidth={44}
      {...props}
    />
  );
}
