import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type SearchInputProps = { label: string; clearLabel: string; value: string; onChange: (value: string) => void; 'data-testid'?: string };

/** A list's search box, with a button that empties it once something is typed. */
export function SearchInput({ label, clearLabel, value, onChange, ...rest }: SearchInputProps) {
  return (
    <TextInput
      placeholder={label}
      aria-label={label}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={value ? <CloseButton size="sm" aria-label={clearLabel} onClick={() => onChange('')} /> : null}
      data-testid={rest['data-testid']}
    />
  );
}
