import type { Transaction } from '@app/shared/schemas/transactions';
import { hasAnyPermission } from '@app/shared/permissions';
import { Alert, Anchor, Button, Card, Group, Image, Loader, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconDownload, IconFileText, IconTrash, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Money } from '@/components/money';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { apiBlob, downloadFile, isApiError } from '@/lib/api-client';
import { formatDateTimeIn, formatMoney } from '@/lib/format';
import { closeAfterWrite } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useApproveTransaction, useRejectTransaction, useRestoreTransaction, useTransaction, useTrashTransaction } from '../api/transactions';
import { TransactionStatusBadge } from '../components/transaction-status-badge';
import { receiptFileName } from '../lib/transaction';

const LIST = '/sales/transactions';

/** `/sales/transactions/:id`: one payment, its receipt, and approve / reject while it waits for review. */
export function TransactionPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('sales');
  const tx = useTransaction(id);
  if (tx.isPending) return <PageLoader />;
  if (tx.isError || !tx.data) {
    const missing = isApiError(tx.error) && tx.error.status === 404;
    return (
      <Stack maw={900} mx="auto" w="100%">
        <Alert color="red" variant="light" title={t(missing ? 'page.notFound' : 'states.errorTitle')} data-testid="transaction-error">
          <Group gap="sm" mt="xs">
            {!missing && (
              <Button size="xs" variant="light" color="red" onClick={() => void tx.refetch()}>
                {t('states.retry')}
              </Button>
            )}
            <Anchor component={Link} to={LIST} fz="sm">
              {t('page.back')}
            </Anchor>
          </Group>
        </Alert>
      </Stack>
    );
  }
  return <TransactionDetails tx={tx.data} />;
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500} component="div" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/** The receipt: an image shown inline, a PDF as a file; both fetched with the session (private route). */
function Receipt({ tx }: { tx: Transaction }) {
  const { t } = useTranslation('sales');
  const file = tx.attachments[0];
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const image = Boolean(file?.mime.startsWith('image/'));

  useEffect(() => {
    if (!file || !image) return;
    let objectUrl: string | null = null;
    let alive = true;
    apiBlob(file.url)
      .then((blob) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file, image]);

  if (!file)
    return (
      <Text fz="sm" c="dimmed">
        {t('page.noReceipt')}
      </Text>
    );
  const name = receiptFileName(file.name, file.mime, tx.number);
  const open = async () => {
    const blob = await apiBlob(file.url);
    const objectUrl = URL.createObjectURL(blob);
    window.open(objectUrl, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  };
  return (
    <Stack gap="sm" data-testid="transaction-receipt">
      {image &&
        (url ? (
          <Image src={url} alt={name} maw={420} radius="md" fit="contain" data-testid="transaction-receipt-image" />
        ) : failed ? (
          <Text fz="sm" c="red">
            {t('page.receiptError')}
          </Text>
        ) : (
          <Loader size="sm" />
        ))}
      <Group gap="sm" wrap="wrap">
        {!image && (
          <Button variant="light" leftSection={<IconFileText size={16} />} onClick={() => void open().catch(() => undefined)} data-testid="transaction-receipt-view">
            {t('page.viewReceipt')}
          </Button>
        )}
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadFile(file.url, name).catch(() => undefined)} data-testid="transaction-receipt-download">
          {t('page.downloadReceipt')}
        </Button>
      </Group>
    </Stack>
  );
}

function TransactionDetails({ tx }: { tx: Transaction }) {
  const { t } = useTranslation('sales');
  const locale = useLocale();
  const user = useCurrentUser();
  const [dialog, setDialog] = useState<'approve' | 'reject' | 'trash' | 'restore' | null>(null);
  const [reason, setReason] = useState('');
  const approve = useApproveTransaction();
  const reject = useRejectTransaction();
  const trash = useTrashTransaction();
  const restore = useRestoreTransaction();
  const close = () => {
    setDialog(null);
    setReason('');
  };
  const canReview = hasAnyPermission(user.permissions, ['sales.payments', 'transaction']);
  const reviewable = tx.status === 'wait' && !tx.deleted_at && canReview;
  const dateTime = (iso: string) => formatDateTimeIn(iso, locale, user.tenant.time_format, user.tenant.timezone);

  return (
    <Stack gap="md" maw={1000} mx="auto" w="100%">
      <div>
        <Anchor component={Link} to={LIST} fz="sm" c="dimmed">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowBackUp size={16} />
            {t('page.back')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mt={4}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="transaction-title">
              {t('page.title', { number: tx.number })}
            </Title>
            <TransactionStatusBadge status={tx.status} size="lg" />
          </Group>
          <Group gap="xs" wrap="wrap">
            {reviewable && (
              <>
                <Button color="green" leftSection={<IconCheck size={16} />} onClick={() => setDialog('approve')} data-testid="transaction-approve">
                  {t('actions.approve')}
                </Button>
                <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setDialog('reject')} data-testid="transaction-reject">
                  {t('actions.reject')}
                </Button>
              </>
            )}
            {canReview &&
              (tx.deleted_at ? (
                <Button variant="light" leftSection={<IconArrowBackUp size={16} />} onClick={() => setDialog('restore')} data-testid="transaction-restore">
                  {t('actions.restore')}
                </Button>
              ) : (
                <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('trash')} data-testid="transaction-trash">
                  {t('actions.trash')}
                </Button>
              ))}
          </Group>
        </Group>
      </div>

      {tx.deleted_at && (
        <Alert color="gray" variant="light" data-testid="transaction-in-trash">
          {t('page.inTrash', { at: dateTime(tx.deleted_at) })}
        </Alert>
      )}
      {tx.status === 'wait' && !tx.deleted_at && (
        <Alert color="orange" variant="light">
          {t('page.waitHint')}
        </Alert>
      )}
      {tx.status === 'refused' && tx.refusal_reason && (
        <Alert color="red" variant="light" title={t('page.refusalReason')} data-testid="transaction-refusal">
          {tx.refusal_reason}
        </Alert>
      )}

      <Card withBorder>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
          <Field label={t('columns.amount')} testId="transaction-amount">
            <Money amount={tx.amount} currency={tx.currency} />
          </Field>
          <Field label={t('columns.method')} testId="transaction-method">
            {t(`method.${tx.payment_method}`)}
          </Field>
          <Field label={t('columns.date')}>{dateTime(tx.date)}</Field>
          <Field label={t('columns.order')}>
            {tx.order_number !== null ? (
              <Anchor component={Link} to={`/orders/${tx.order_id}`} className="ltr-value" data-testid="transaction-order-link">
                #{tx.order_number}
              </Anchor>
            ) : (
              '—'
            )}
          </Field>
          <Field label={t('columns.customer')}>{tx.customer?.name ?? t('guest')}</Field>
          <Field label={t('page.reference')}>
            <span className="ltr-value">{tx.reference_no ?? '—'}</span>
          </Field>
          {tx.payment_gateway_id && (
            <Field label={t('page.gatewayId')}>
              <span className="ltr-value">{tx.payment_gateway_id}</span>
            </Field>
          )}
          {tx.reviewed_at && <Field label={t('page.reviewedAt')}>{dateTime(tx.reviewed_at)}</Field>}
          {tx.notes && <Field label={t('page.notes')}>{tx.notes}</Field>}
        </SimpleGrid>
      </Card>

      {(tx.payment_method === 'bank_transfer' || tx.attachments.length > 0) && (
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>{t('page.receipt')}</Text>
            <Receipt tx={tx} />
          </Stack>
        </Card>
      )}

      <ConfirmDialog
        opened={dialog === 'approve'}
        title={t('confirm.approveTitle')}
        message={t('confirm.approveBody', { amount: formatMoney(tx.amount, locale, tx.currency) })}
        confirmLabel={t('actions.approve')}
        color="green"
        loading={approve.isPending}
        onClose={close}
        onConfirm={() => approve.mutate(tx.id, closeAfterWrite(close))}
      />
      <ConfirmDialog
        opened={dialog === 'reject'}
        title={t('confirm.rejectTitle')}
        message={t('confirm.rejectBody')}
        confirmLabel={t('actions.reject')}
        loading={reject.isPending}
        onClose={close}
        onConfirm={() => reject.mutate({ id: tx.id, reason }, closeAfterWrite(close))}
      >
        <Textarea label={t('confirm.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} autosize minRows={2} data-testid="transaction-reject-reason" />
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'trash'}
        title={t('confirm.trashTitle')}
        message={t(tx.status === 'confirmed' ? 'confirm.trashBodyConfirmed' : 'confirm.trashBody')}
        confirmLabel={t('actions.trash')}
        loading={trash.isPending}
        onClose={close}
        onConfirm={() =>
          // It stays on this page, which then says it is in the trash and offers to restore it.
          trash.mutate(tx.id, closeAfterWrite(close))
        }
      />
      <ConfirmDialog
        opened={dialog === 'restore'}
        title={t('confirm.restoreTitle')}
        message={t('confirm.restoreBody', { number: tx.number })}
        confirmLabel={t('actions.restore')}
        color="brand"
        loading={restore.isPending}
        onClose={close}
        onConfirm={() => restore.mutate(tx.id, closeAfterWrite(close))}
      />
    </Stack>
  );
}
