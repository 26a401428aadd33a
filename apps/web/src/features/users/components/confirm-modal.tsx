import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  /** Extra fields (a password) shown under the message. */
  children?: ReactNode;
};

/** Asks before an action that cannot be undone lightly; the confirm button is `confirm-ok`. */
export function ConfirmModal({ opened, onClose, onConfirm, title, message, confirmLabel, color = 'red', loading = false, children }: Props) {
  const { t } = useTranslation('users');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text fz="sm">{message}</Text>
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid="confirm-cancel">
              {t('actions.cancel')}
            </Button>
            <Button type="submit" color={color} loading={loading} data-testid="confirm-ok">
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
