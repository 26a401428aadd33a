import { type Category, categoryBody } from '@app/shared/schemas/catalogue';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { useLocale } from '@/lib/use-locale';
import { useSaveCategory } from '../api/catalogue';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The category was created and the categories list refreshed. */
  onCreated: (category: Category) => void;
};

/**
 * A category created from another form (the service form) without leaving it: only the name; the
 * server makes the slug. It may sit inside that form: its own submit does not reach the other one.
 */
export function CategoryQuickCreate({ opened, onClose, onCreated }: Props) {
  const { t } = useTranslation('catalogue');
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{t('categories.createTitle')}</Text>} centered>
      {opened && <QuickForm onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

const FIELDS = ['name'] as const;

function QuickForm({ onClose, onCreated }: Omit<Props, 'opened'>) {
  const { t } = useTranslation('catalogue');
  const locale = useLocale();
  const save = useSaveCategory();
  const form = useForm({
    initialValues: { name: '' },
    validate: (v) => zodErrors(categoryBody, v, locale),
  });
  const submit = form.onSubmit((v) =>
    save.mutate(
      { body: categoryBody.parse({ name: v.name }) },
      {
        onSuccess: (res) => {
          onCreated(res.data);
          onClose();
        },
        // A slug clash (two saves at once) shows under the name: the user never typed a slug.
        onError: (e) => applyServerErrors(form, e, FIELDS, { slug: 'name' }),
      },
    ),
  );
  return (
    <form
      noValidate
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        // React bubbles events through portals: keep this submit from reaching an enclosing form.
        e.stopPropagation();
        submit(e);
      }}
      data-testid="category-quick-form"
    >
      <Stack gap="md">
        <Text c="dimmed" fz="sm">
          {t('services.newCategoryHint')}
        </Text>
        <TextInput label={t('fields.name')} required data-autofocus data-testid="category-quick-name" {...clearOnBlur(form, 'name', form.getInputProps('name'))} />
        <FormFooter cancelLabel={t('cancel')} onCancel={onClose} submitLabel={t('create')} submitTestId="category-quick-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}
