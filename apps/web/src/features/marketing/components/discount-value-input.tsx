import { Text, TextInput, type TextInputProps } from '@mantine/core';

/** The value of a coupon or an offer: a percentage or an amount in the business's currency, typed left to right. */
export function DiscountValueInput({ percentage, currency, ...props }: TextInputProps & { percentage: boolean; currency: string }) {
  return (
    <TextInput
      required
      dir="ltr"
      inputMode="decimal"
      autoComplete="off"
      rightSection={
        <Text fz="xs" c="dimmed">
          {percentage ? '%' : currency}
        </Text>
      }
      rightSectionWidth={percentage ? 32 : 48}
      {...props}
    />
  );
}
