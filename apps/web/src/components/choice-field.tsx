import { Input, SegmentedControl } from '@mantine/core';

type Props<T extends string> = {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  'data-testid'?: string;
};

/** A labelled choice of a few options (a segmented control): the value is always one of `options`. */
export function ChoiceField<T extends string>({ label, options, value, onChange, 'data-testid': testId }: Props<T>) {
  return (
    <Input.Wrapper label={label}>
      <SegmentedControl
        fullWidth
        data={options.map((o) => ({ value: o.value, label: o.label }))}
        value={value}
        onChange={(next) => {
          const picked = options.find((o) => o.value === next);
          if (picked) onChange(picked.value);
        }}
        data-testid={testId}
      />
    </Input.Wrapper>
  );
}
