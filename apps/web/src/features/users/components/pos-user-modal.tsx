import { createPosUserBody } from '@app/shared/schemas/access';
import { Modal, MultiSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useBranchOptions } from '../api/branch-options';
import { useCreatePosUser } from '../api/users';
import { useCan } from '../lib/use-can';

const FIELDS = ['name', 'email', 'passcode', 'branch_ids'] as const;
type Values = { name: string; email: string; passcode: string; branch_ids: string[] };

/** A cashier-device account (the `pos` plugin): it signs in on the cashier with e-mail and passcode. */
export function PosUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const locale = useLocale();
  const create = useCreatePosUser();
  const canBranches = useCan()(['settings.branches']);
  const branches = useBranchOptions(opened && canBranches);
  const form = useForm<Values>({
    initialValues: { name: '', email: '', passcode: '', branch_ids: [] },
    validate: (v) => zodErrors(createPosUserBody, v, locale),
  });
  const props = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));

  const submit = form.onSubmit((v) =>
    create.mutate(createPosUserBody.parse(v), {
      onSuccess: () => {
        form.reset();
        onClose();
      },
      onError: (e) => applyServerErrors(form, e, FIELDS),
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('pos.title')} size="lg" data-testid="pos-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('pos.intro')}
          </Text>
          <TextInput label={t('fields.name')} required data-testid="pos-name" {...props('name')} />
          <TextInput label={t('fields.email')} type="email" dir="ltr" required autoComplete="off" data-testid="pos-email" {...props('email')} />
          <PasswordInput
            label={t('fields.passcode')}
            description={t('fields.passcodeHint')}
            inputMode="numeric"
            autoComplete="new-password"
            dir="ltr"
            required
            data-testid="pos-passcode"
            {...props('passcode')}
          />
          <MultiSelect
            label={t('fields.branches')}
            placeholder={form.values.branch_ids.length ? undefined : t('fields.branchesPlaceholder')}
            data={branches.data ?? []}
            required
            searchable
            nothingFoundMessage={t('fields.nothingFound')}
            data-testid="pos-branches"
            {...props('branch_ids')}
          />
          <FormFooter cancelLabel={t('actions.cancel')} onCancel={onClose} submitLabel={t('pos.submit')} submitTestId="pos-submit" loading={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
