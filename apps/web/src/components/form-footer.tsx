import { Button, Group, type GroupProps } from '@mantine/core';

type FormFooterProps = Omit<GroupProps, 'children'> & {
  cancelLabel: string;
  onCancel: () => void;
  /** The submit button's label; none for a read-only form, which offers only the way out. */
  submitLabel?: string;
  submitTestId?: string;
  /** The form is being sent: the submit button spins. */
  loading?: boolean;
};

/** A form's buttons, at its end: cancel, then submit. */
export function FormFooter({ cancelLabel, onCancel, submitLabel, submitTestId, loading = false, ...groupProps }: FormFooterProps) {
  return (
    <Group justify="flex-end" gap="sm" {...groupProps}>
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {submitLabel !== undefined && (
        <Button type="submit" loading={loading} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      )}
    </Group>
  );
}
