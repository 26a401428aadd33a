import { Group, Input, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PHONE_COUNTRIES } from '@app/shared/phone';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';

type Props = {
  country: string;
  onCountryChange: (code: string) => void;
  inputProps: GetInputPropsReturnType;
  error?: string | undefined;
};

/** Dial code and number; the pair reads left to right in both languages, like the number itself. */
export function PhoneField({ country, onCountryChange, inputProps, error }: Props) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const data = Object.entries(PHONE_COUNTRIES).map(([code, c]) => ({ value: code, label: `+${c.dial}`, name: c.name[locale] }));
  return (
    <Input.Wrapper label={t('fields.phone')} required error={error}>
      <Group gap={6} wrap="nowrap" dir="ltr" mt={4}>
        <Select
          aria-label={t('fields.phoneCountry')}
          name="phone_country"
          data-testid="phone-country"
          data={data}
          value={country}
          onChange={(v) => v && onCountryChange(v)}
          allowDeselect={false}
          w={104}
          comboboxProps={{ width: 240, position: 'bottom-start' }}
          renderOption={({ option }) => {
            const item = data.find((d) => d.value === option.value);
            return (
              <Group justify="space-between" w="100%" wrap="nowrap" dir={locale === 'ar' ? 'rtl' : 'ltr'}>
                <span>{item?.name}</span>
                <span dir="ltr">{option.label}</span>
              </Group>
            );
          }}
        />
        <TextInput
          {...inputProps}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="5XXXXXXXX"
          aria-label={t('fields.phone')}
          error={Boolean(error)}
          style={{ flex: 1 }}
        />
      </Group>
    </Input.Wrapper>
  );
}
