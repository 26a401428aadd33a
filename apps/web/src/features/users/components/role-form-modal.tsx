import { type Role, roleBody } from '@app/shared/schemas/access';
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useSaveRole } from '../api/roles';
import { roleName } from '../lib/labels';
import { PermissionTreeInput } from './permission-tree-input';

const FIELDS = ['name', 'permissions'] as const;

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The role to edit or view; none creates one. */
  role?: Role | undefined;
  readOnly?: boolean;
};

/** Create or edit a role: a name and the permission tree; default roles open read-only. */
export function RoleFormModal({ opened, onClose, role, readOnly = false }: Props) {
  const { t } = useTranslation('users');
  const locale = useLocale();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const save = useSaveRole();
  const form = useForm<{ name: string; permissions: string[] }>({
    initialValues: { name: role ? roleName(role, locale, role.is_default) : '', permissions: role ? [...role.permissions] : [] },
    validate: (v) => zodErrors(roleBody, v, locale),
  });

  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: role?.uuid, body: roleBody.parse(v) },
      { onSuccess: onClose, onError: (e) => applyServerErrors(form, e, FIELDS, { 'permissions.0': 'permissions' }) },
    ),
  );

  const title = readOnly ? t('roles.form.viewTitle') : role ? t('roles.form.editTitle') : t('roles.form.createTitle');

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="80rem" fullScreen={isMobile} data-testid="role-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('roles.form.name')}
            placeholder={t('roles.form.namePlaceholder')}
            required
            maw={420}
            readOnly={readOnly}
            data-testid="role-name"
            {...clearOnBlur(form, 'name', form.getInputProps('name'))}
          />
          <PermissionTreeInput
            value={form.values.permissions}
            onChange={(next) => {
              form.setFieldValue('permissions', next);
              form.setFieldError('permissions', null);
            }}
            error={form.errors.permissions ? String(form.errors.permissions) : undefined}
            readOnly={readOnly}
          />
          <FormFooter
            cancelLabel={readOnly ? t('actions.close') : t('actions.cancel')}
            onCancel={onClose}
            submitLabel={readOnly ? undefined : t('actions.save')}
            submitTestId="role-save"
            loading={save.isPending}
            pos="sticky"
            bottom={0}
            py="sm"
            bg="var(--mantine-color-body)"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)', zIndex: 2 }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
