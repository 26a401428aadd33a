import { passwordConfirmBody, type StaffUser } from '@app/shared/schemas/access';
import { PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useTransferOwnership } from '../api/users';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** The owner hands the account to another user after typing their own password. */
export function TransferOwnershipModal({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const { t } = useTranslation('users');
  const locale = useLocale();
  const transfer = useTransferOwnership();
  const form = useForm({ initialValues: { password: '' }, validate: (v) => zodErrors(passwordConfirmBody, v, locale) });

  const confirm = () => {
    if (form.validate().hasErrors) return;
    transfer.mutate(
      { id: user.uuid, password: form.values.password },
      { onSuccess: onClose, onError: (e) => applyServerErrors(form, e, ['password']) },
    );
  };

  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title={t('transfer.title')}
      message={t('transfer.body', { name: user.name })}
      confirmLabel={t('transfer.submit')}
      color="orange"
      loading={transfer.isPending}
      onConfirm={confirm}
    >
      <PasswordInput
        label={t('transfer.password')}
        autoComplete="current-password"
        required
        data-testid="transfer-password"
        {...clearOnBlur(form, 'password', form.getInputProps('password'))}
      />
    </ConfirmDialog>
  );
}
