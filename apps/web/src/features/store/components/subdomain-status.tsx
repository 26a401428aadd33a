import { Badge, Button, Group, Loader, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** Spec §5: 3 to 20 English letters. */
export const SUBDOMAIN_SHAPE = /^[a-z]{3,20}$/;
export const STORE_DOMAIN = import.meta.env.VITE_STORE_DOMAIN ?? 'khidma.localhost';

type StatusProps = {
  /** What the field holds (trimmed). */
  value: string;
  /** The check has answered for `value`. */
  settled: boolean;
  available: boolean;
  /** The check's suggestions (the one typed and all past the fifth are left out). */
  suggestions: readonly string[] | undefined;
  onPick: (subdomain: string) => void;
  /** In the screen's own words. */
  labels: { available: string; taken: string; suggestions: string };
  previewTestId: string;
};

/**
 * Under a subdomain field (the panel's chooser and onboarding's store URL): the address it makes
 * with a badge of whether it is free once the check has answered, and the suggestions to pick from.
 */
export function SubdomainStatus({ value, settled, available, suggestions, onPick, labels, previewTestId }: StatusProps) {
  const validShape = SUBDOMAIN_SHAPE.test(value);
  const offered = (suggestions ?? []).filter((s) => s !== value).slice(0, 5);

  let badge = null;
  if (value && validShape) {
    if (!settled) badge = <Loader size={14} data-testid="subdomain-checking" />;
    else if (available)
      badge = (
        <Badge color="green" variant="light" leftSection={<IconCheck size={12} />} data-testid="subdomain-available">
          {labels.available}
        </Badge>
      );
    else
      badge = (
        <Badge color="red" variant="light" leftSection={<IconX size={12} />} data-testid="subdomain-taken">
          {labels.taken}
        </Badge>
      );
  }

  return (
    <>
      {validShape && (
        <Group gap="xs" wrap="wrap">
          <Text fz="sm" fw={600} className="ltr-value" dir="ltr" data-testid={previewTestId}>
            {value}.{STORE_DOMAIN}
          </Text>
          {badge}
        </Group>
      )}
      {offered.length > 0 && (
        <Group gap={6} wrap="wrap">
          <Text fz="sm" c="dimmed">
            {labels.suggestions}
          </Text>
          {offered.map((s) => (
            <Button key={s} size="compact-sm" variant="light" radius="xl" onClick={() => onPick(s)} data-testid={`subdomain-suggestion-${s}`}>
              <span dir="ltr">{s}</span>
            </Button>
          ))}
        </Group>
      )}
    </>
  );
}
