import { type StaffUser, updateUserBody } from '@app/shared/schemas/access';
import { Modal, MultiSelect, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useBranchOptions } from '../api/branch-options';
import { useRoleOptions } from '../api/roles';
import { useUpdateUser } from '../api/users';
import { useCan } from '../lib/use-can';

const FIELDS = ['name', 'role_id', 'branch_ids', 'passcode'] as const;
type Values = { name: string; role_id: string | null; branch_ids: string[]; passcode: string };

/** Edits an account: name, role (not the owner's), branches, and a POS account's passcode. */
export function EditUserModal({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const { t } = useTranslation('users');
  const locale = useLocale();
  const update = useUpdateUser();
  const roles = useRoleOptions();
  // Branch choices need the branches key; without it the user's branches are shown as they are.
  const canBranches = useCan()(['settings.branches']);
  const branches = useBranchOptions(canBranches);
  const isPos = user.type === 'pos';

  const toBody = (v: Values) => ({
    name: v.name,
    ...(user.is_owner ? {} : { role_id: v.role_id }),
    ...(canBranches ? { branch_ids: v.branch_ids } : {}),
    ...(isPos && v.passcode.trim() ? { passcode: v.passcode.trim() } : {}),
  });
  const form = useForm<Values>({
    initialValues: { name: user.name, role_id: user.role?.uuid ?? null, branch_ids: user.branches.map((b) => b.uuid), passcode: '' },
    validate: (v) => zodErrors(updateUserBody, toBody(v), locale),
  });
  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));

  // The owner's role is fixed: show it even though it is not among the choices.
  const roleData =
    user.is_owner && user.role ? [{ value: user.role.uuid, label: t('ownerRole') }] : roles.options;

  const submit = form.onSubmit((v) =>
    update.mutate(
      { id: user.uuid, body: updateUserBody.parse(toBody(v)) },
      { onSuccess: onClose, onError: (e) => applyServerErrors(form, e, FIELDS) },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={t('edit.title')} size="lg" data-testid="edit-user-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('fields.email')} value={user.email} dir="ltr" readOnly variant="filled" />
          <TextInput label={t('fields.name')} required data-testid="edit-name" {...props('name')} />
          <Select
            label={t('fields.role')}
            placeholder={t('fields.rolePlaceholder')}
            data={roleData}
            searchable
            clearable={!user.is_owner}
            disabled={user.is_owner}
            description={user.is_owner ? t('edit.ownerRoleFixed') : undefined}
            nothingFoundMessage={t('fields.nothingFound')}
            data-testid="edit-role"
            {...props('role_id')}
          />
          <MultiSelect
            label={t('fields.branches')}
            placeholder={form.values.branch_ids.length ? undefined : t('fields.branchesPlaceholder')}
            data={branches.data ?? user.branches.map((b) => ({ value: b.uuid, label: b.name }))}
            searchable
            clearable
            disabled={!canBranches}
            nothingFoundMessage={t('fields.nothingFound')}
            data-testid="edit-branches"
            {...props('branch_ids')}
          />
          {isPos && (
            <PasswordInput
              label={t('fields.passcode')}
              description={user.has_passcode ? t('edit.passcodeKeep') : t('fields.passcodeHint')}
              inputMode="numeric"
              autoComplete="new-password"
              dir="ltr"
              data-testid="edit-passcode"
              {...props('passcode')}
            />
          )}
          <FormFooter cancelLabel={t('actions.cancel')} onCancel={onClose} submitLabel={t('actions.save')} submitTestId="edit-submit" loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
