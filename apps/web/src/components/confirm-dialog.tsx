import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type ConfirmDialogProps = {
  opened: boolean;
  title: ReactNode;
  /** What will happen, in a sentence or two. */
  message?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** `red` for destructive actions (delete, uninstall, deactivate). */
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra fields shown under the message (a password); Enter in them confirms. */
  children?: ReactNode;
};

/**
 * A yes/no question before an action that cannot be undone in one click. The OK button carries
 * `data-testid="confirm-ok"` for the end-to-end tests.
 */
export function ConfirmDialog({ opened, title, message, confirmLabel, cancelLabel, color = 'red', loading, onConfirm, onClose, children }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={loading ? () => {} : onClose} title={<Text fw={700}>{title}</Text>} centered size={children ? 'md' : 'sm'} data-testid="confirm-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!loading) onConfirm();
        }}
        noValidate
      >
        <Stack gap="lg">
          {message && (
            <Text fz="sm" c="dimmed">
              {message}
            </Text>
          )}
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={loading} data-testid="confirm-cancel">
              {cancelLabel ?? t('confirm.cancel')}
            </Button>
            <Button type="submit" color={color} loading={loading} data-testid="confirm-ok">
              {confirmLabel ?? t('confirm.ok')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
