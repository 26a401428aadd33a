import { type BankAccount, type BankAccountBody, bankAccountBody, type PaymentMethod } from '@app/shared/schemas/settings';
import { Card, Group, Skeleton, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-footer';
import { ListError } from '@/components/list-states';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useBankAccounts, useDeleteBankAccount, usePaymentMethods, useSaveBankAccount, useSetPaymentMethod } from '../api/settings';
import { CrudSection } from '../components/crud-section';
import { SettingsPageHeader } from '../components/settings-page-header';

/** IBAN in groups of four for reading ("SA03 8000 …"). */
export const groupIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** Payment methods the business accepts, and the bank accounts customers transfer to. */
export function PaymentsPage() {
  const { t } = useTranslation('settings');
  const accounts = useBankAccounts();
  const remove = useDeleteBankAccount();
  return (
    <Stack gap="lg">
      <SettingsPageHeader title={t('payments.title')} subtitle={t('payments.subtitle')} />
      <PaymentMethods />
      <CrudSection<BankAccount>
        section="bankAccounts"
        heading
        testId="bank-accounts"
        query={accounts}
        remove={remove}
        nameOf={(a) => a.bank_name}
        emptyIcon={IconBuildingBank}
        minWidth={640}
        columns={[t('bankAccounts.fields.bank_name'), t('bankAccounts.fields.iban'), { label: t('bankAccounts.fields.beneficiary_name'), visibleFrom: 'sm' }]}
        cells={(a) => (
          <>
            <Table.Td>
              <Text fw={600}>{a.bank_name}</Text>
              <Text fz="xs" c="dimmed" dir="ltr" className="ltr-value">
                {a.account_number}
              </Text>
            </Table.Td>
            <Table.Td dir="ltr" className="ltr-value" style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
              {groupIban(a.iban)}
            </Table.Td>
            <Table.Td visibleFrom="sm">{a.beneficiary_name}</Table.Td>
          </>
        )}
        form={(a, done) => <BankAccountForm account={a} onDone={done} />}
      />
    </Stack>
  );
}

function PaymentMethods() {
  const { t } = useTranslation('settings');
  const methods = usePaymentMethods();
  const toggle = useSetPaymentMethod();
  return (
    <Card withBorder padding="lg" data-testid="payment-methods">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {t('payments.methods')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('payments.methodsHint')}
          </Text>
        </div>
        {methods.isPending ? (
          <Skeleton h={120} />
        ) : methods.isError || !methods.data ? (
          <ListError text={{ title: t('common.loadError'), retry: t('common.retry') }} onRetry={() => void methods.refetch()} />
        ) : (
          methods.data.map((m: PaymentMethod) => (
            <Group key={m.slug} justify="space-between" wrap="nowrap" gap="md">
              <div>
                <Text fw={600}>{t(`payments.method.${m.slug}`)}</Text>
                <Text fz="sm" c="dimmed">
                  {t(`payments.methodHint.${m.slug}`)}
                </Text>
              </div>
              <Switch
                checked={m.enabled}
                aria-label={t(`payments.method.${m.slug}`)}
                disabled={toggle.isPending}
                data-testid={`method-${m.slug}`}
                onChange={(e) => toggle.mutate({ slug: m.slug, enabled: e.currentTarget.checked }, { onError: toastRejected })}
              />
            </Group>
          ))
        )}
      </Stack>
    </Card>
  );
}

const FIELDS = ['beneficiary_name', 'bank_name', 'iban', 'account_number', 'account_owner'] as const;

function BankAccountForm({ account, onDone }: { account: BankAccount | null; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const save = useSaveBankAccount();
  const form = useForm<BankAccountBody>({
    initialValues: {
      beneficiary_name: account?.beneficiary_name ?? '',
      bank_name: account?.bank_name ?? '',
      iban: account ? groupIban(account.iban) : '',
      account_number: account?.account_number ?? '',
      account_owner: account?.account_owner ?? '',
    },
    validate: (v) => zodErrors(bankAccountBody, v, locale),
  });
  const submit = form.onSubmit((v) =>
    save.mutate({ id: account?.uuid, body: bankAccountBody.parse(v) }, { onSuccess: onDone, onError: (e) => applyServerErrors(form, e, [...FIELDS]) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {FIELDS.map((f, i) => (
          <TextInput
            key={f}
            label={t(`bankAccounts.fields.${f}`)}
            description={f === 'iban' ? t('bankAccounts.ibanHint') : undefined}
            required
            dir={f === 'iban' || f === 'account_number' ? 'ltr' : undefined}
            inputMode={f === 'account_number' ? 'numeric' : undefined}
            data-autofocus={i === 0 || undefined}
            data-testid={`bank-${f}`}
            {...clearOnBlur(form, f, form.getInputProps(f))}
          />
        ))}
        <FormFooter cancelLabel={t('common.cancel')} onCancel={onDone} submitLabel={account ? t('common.save') : t('common.add')} submitTestId="bank-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}
