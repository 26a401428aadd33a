import { operatorBankBody } from '@app/shared/schemas/subscription';
import { Button, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '@/lib/form-errors';
import { useLocale } from '@/lib/use-locale';
import { zodErrors } from '@/lib/zod-errors';
import { type OperatorBank, useSaveBank } from '../api/operator';

type BankFormValues = { name_ar: string; name_en: string; beneficiary_name: string; iban: string; account_number: string; active: boolean };

const FIELDS = ['name_ar', 'name_en', 'beneficiary_name', 'iban', 'account_number', 'active'];

/** An IBAN as banks print it, in groups of four ("SA03 8000 0000 …"); the spaces are stripped before it is sent. */
export const groupIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

const emptyBankValues = (): BankFormValues => ({ name_ar: '', name_en: '', beneficiary_name: '', iban: '', account_number: '', active: true });
const bankValues = (bank: OperatorBank): BankFormValues => ({
  name_ar: bank.name_ar,
  name_en: bank.name_en,
  beneficiary_name: bank.beneficiary_name,
  iban: groupIban(bank.iban),
  account_number: bank.account_number,
  active: bank.active,
});

/**
 * Creates (`bank` null) or edits one of the platform's bank accounts businesses transfer to: the
 * bank's name in both languages, the beneficiary, the IBAN (checked here and by the server) and the
 * account number, and whether businesses see it.
 */
export function BankFormModal({ opened, bank, onClose }: { opened: boolean; bank: OperatorBank | null; onClose: () => void }) {
  const { t } = useTranslation('subscription');
  const locale = useLocale();
  const save = useSaveBank();
  const form = useForm<BankFormValues>({ initialValues: emptyBankValues(), validate: (values) => zodErrors(operatorBankBody, values, locale) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(bank ? bankValues(bank) : emptyBankValues());
    form.resetDirty();
    form.clearErrors();
    save.reset();
  }, [opened, bank]);

  const submit = form.onSubmit((values) => {
    save.mutate({ id: bank?.id ?? null, body: operatorBankBody.parse(values) }, { onSuccess: onClose, onError: (e) => applyServerErrors(form, e, FIELDS) });
  });
  const close = () => {
    if (!save.isPending) onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>{t(bank ? 'operator.banks.edit' : 'operator.banks.add')}</Text>} size="lg" centered data-testid="bank-form-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('operator.banks.nameAr')} required dir="rtl" lang="ar" maxLength={120} data-autofocus data-testid="bank-name-ar" {...form.getInputProps('name_ar')} />
            <TextInput label={t('operator.banks.nameEn')} required dir="ltr" lang="en" maxLength={120} data-testid="bank-name-en" {...form.getInputProps('name_en')} />
          </SimpleGrid>
          <TextInput label={t('operator.banks.beneficiary')} description={t('operator.banks.beneficiaryHint')} required maxLength={120} data-testid="bank-beneficiary" {...form.getInputProps('beneficiary_name')} />
          <TextInput
            label={t('operator.banks.iban')}
            description={t('operator.banks.ibanHint')}
            required
            dir="ltr"
            maxLength={60}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="bank-iban"
            {...form.getInputProps('iban')}
          />
          <TextInput
            label={t('operator.banks.accountNumber')}
            required
            dir="ltr"
            inputMode="numeric"
            maxLength={34}
            autoComplete="off"
            data-testid="bank-account-number"
            {...form.getInputProps('account_number')}
          />
          <Switch label={t('operator.banks.active')} description={t('operator.banks.activeHint')} mt="xs" data-testid="bank-active" {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {t('payment.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="bank-save">
              {t('operator.banks.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
