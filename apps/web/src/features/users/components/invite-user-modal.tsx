import { invitationBody } from '@app/shared/schemas/access';
import { messageFor } from '@app/shared/validation';
import { Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useBranchOptions } from '../api/branch-options';
import { useInviteUser } from '../api/invitations';
import { useRoleOptions } from '../api/roles';
import { useCan } from '../lib/use-can';

const FIELDS = ['email', 'name', 'role_id', 'branch_ids'] as const;
type Values = { email: string; name: string; role_id: string | null; branch_ids: string[] };

const toBody = (v: Values) => ({ email: v.email, name: v.name.trim() || undefined, role_id: v.role_id ?? '', branch_ids: v.branch_ids });

/** Sends an invitation e-mail; the invited person sets their own name and password. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const locale = useLocale();
  const invite = useInviteUser();
  const roles = useRoleOptions(opened);
  // Branch choices come from the branches list, which needs its own key.
  const canBranches = useCan()(['settings.branches']);
  const branches = useBranchOptions(opened && canBranches);
  const form = useForm<Values>({
    initialValues: { email: '', name: '', role_id: null, branch_ids: [] },
    validate: (v) => {
      const errors = zodErrors(invitationBody, toBody(v), locale);
      // An unchosen role is "required", not the uuid's "invalid".
      return v.role_id ? errors : { ...errors, role_id: messageFor('required', locale) };
    },
  });
  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));

  const submit = form.onSubmit((v) =>
    invite.mutate(invitationBody.parse(toBody(v)), {
      onSuccess: () => {
        form.reset();
        onClose();
      },
      onError: (e) => applyServerErrors(form, e, FIELDS),
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('invite.title')} size="lg" data-testid="invite-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('invite.intro')}
          </Text>
          <TextInput label={t('fields.email')} type="email" dir="ltr" required autoComplete="off" data-testid="invite-email" {...props('email')} />
          <TextInput label={t('fields.nameOptional')} data-testid="invite-name" {...props('name')} />
          <Select
            label={t('fields.role')}
            placeholder={t('fields.rolePlaceholder')}
            required
            data={roles.options}
            searchable
            nothingFoundMessage={t('fields.nothingFound')}
            disabled={roles.isPending}
            comboboxProps={{ withinPortal: true }}
            data-testid="invite-role"
            {...props('role_id')}
          />
          {canBranches && (
            <MultiSelect
              label={t('fields.branches')}
              placeholder={form.values.branch_ids.length ? undefined : t('fields.branchesPlaceholder')}
              data={branches.data ?? []}
              searchable
              clearable
              nothingFoundMessage={t('fields.nothingFound')}
              data-testid="invite-branches"
              {...props('branch_ids')}
            />
          )}
          <FormFooter cancelLabel={t('actions.cancel')} onCancel={onClose} submitLabel={t('invite.submit')} submitTestId="invite-submit" loading={invite.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
