
import { ActionIcon, Alert, Button, Card, Divider, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateOrder } from '../api/orders';
import { addLine, emptyOrderForm, estimate, lineErrors, ORDER_FORM_FIELDS, type OrderFormValues, QUANTITY_MAX, toOrderBody } from '../lib/order-form';
import { useErrorText, useOrderFormat } from '../lib/use-format';
import { CustomerPicker } from './customer-picker';
import { FeesEditor, MoneyText } from './fees-editor';
import { ItemPicker } from './item-picker';
import { ChoiceField } from '@/components/choice-field';

/** "New order": customer (or a guest), items, discount, fees, transport fee, notes; saved as an order or a draft. */
export function CreateOrderModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{t('create.title')}</Text>} size="xl" fullScreen={Boolean(phone)} data-testid="create-order-modal">
      {opened && <CreateOrderForm onClose={onClose} />}
    </Modal>
  );
}


function CreateOrderForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const navigate = useNavigate();
  const create = useCreateOrder();
  const errorText = useErrorText();
  const [asDraft, setAsDraft] = useState(false);
  const [itemErrors, setItemErrors] = useState<Record<string, string>>({});
  const user = useCurrentUser();
  // The order's branch: the top bar's, else the first the user works in (a choice when there are several).
  const [branchId, setBranchId] = useState<string | null>(user.current_branch?.uuid ?? user.teams[0]?.uuid ?? null);
  const form = useForm<OrderFormValues>({ initialValues: emptyOrderForm() });
  const v = form.values;
  const est = estimate(v, fmt.currency);

  const submit = (draft: boolean) => {
    setAsDraft(draft);
    form.clearErrors();
    setItemErrors({});
    const built = toOrderBody(form.values, fmt.currency, draft);
    if (!built.ok) {
      form.setErrors(Object.fromEntries(Object.entries(built.errors).map(([k, code]) => [k, errorText(code)])));
      return;
    }
    create.mutate({ ...built.body, ...(branchId ? { branch_id: branchId } : {}) }, {
      onSuccess: (res) => {
        onClose();
        navigate(`/orders/${res.data.id}`);
      },
      onError: (e) => {
        if (!isApiError(e) || e.status !== 422) return;
        setItemErrors(lineErrors(e.fieldErrors, form.values.lines));
        const itemFields = Object.keys(e.fieldErrors).filter((k) => k.startsWith('items.'));
        applyServerErrors(form, e, [...ORDER_FORM_FIELDS, 'branch_id', ...itemFields], { 'discount.value': 'discount_value', 'discount.type': 'discount_value', discount: 'discount_value' });
      },
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit(false);
      }}
      noValidate
    >
      <Stack gap="md">
        {user.teams.length > 1 && (
          <Select
            label={t('create.branch')}
            data={user.teams.map((b) => ({ value: b.uuid, label: b.name }))}
            value={branchId}
            onChange={setBranchId}
            allowDeselect={false}
            error={form.errors['branch_id']}
            data-testid="order-branch"
          />
        )}
        <CustomerPicker
          label={t('create.customer')}
          emptyHint={t('create.guestHint')}
          value={v.customer}
          onChange={(c) => form.setFieldValue('customer', c)}
          error={form.errors['customer_id'] as string | undefined}
          data-testid="order-customer"
        />

        <Card withBorder padding="sm">
          <ItemPicker
            onAdd={(line) => {
              form.setFieldValue('lines', addLine(form.values.lines, line));
              form.clearFieldError('items');
            }}
          />
        </Card>

        {v.lines.length > 0 ? (
          <Table.ScrollContainer minWidth={460}>
            <Table verticalSpacing={6} data-testid="order-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('items.name')}</Table.Th>
                  <Table.Th w={110}>{t('items.quantity')}</Table.Th>
                  <Table.Th ta="end">{t('items.total')}</Table.Th>
                  <Table.Th w={40} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {v.lines.map((line, i) => (
                  <Table.Tr key={line.key}>
                    <Table.Td>
                      <Text fz="sm" fw={600}>
                        {line.name}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {t(`itemType.${line.type}`)} · {fmt.money(line.unit_price)}
                      </Text>
                      {itemErrors[line.key] && (
                        <Text fz="xs" c="red">
                          {itemErrors[line.key]}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={1}
                        max={QUANTITY_MAX}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="strict"
                        aria-label={t('items.quantity')}
                        value={line.quantity}
                        onChange={(q) => form.setFieldValue(`lines.${i}.quantity`, typeof q === 'number' && q > 0 ? q : 1)}
                      />
                    </Table.Td>
                    <Table.Td ta="end">
                      <Text fz="sm">{fmt.money(line.unit_price * line.quantity)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red" aria-label={t('items.remove')} onClick={() => form.removeListItem('lines', i)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {form.errors['items'] && (
              <Text fz="xs" c="red">
                {form.errors['items']}
              </Text>
            )}
          </Table.ScrollContainer>
        ) : (
          <Text fz="sm" c={form.errors['items'] ? 'red' : 'dimmed'} ta="center" py="xs" data-testid="order-lines-empty">
            {form.errors['items'] ?? t('create.noItems')}
          </Text>
        )}

        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap="xs">
            <Text fz="sm" fw={500}>
              {t('discount.title')}
            </Text>
            <SegmentedControl
              size="xs"
              data={[
                { value: 'none', label: t('discount.none') },
                { value: 'fixed', label: t('discount.fixed') },
                { value: 'percentage', label: t('discount.percentage') },
              ]}
              value={v.discount_type}
              onChange={(x) => {
                form.setFieldValue('discount_type', x as OrderFormValues['discount_type']);
                form.clearFieldError('discount_value');
              }}
              data-testid="order-discount-type"
            />
            {v.discount_type === 'fixed' && (
              <MoneyText currency={fmt.currency} aria-label={t('discount.value')} {...form.getInputProps('discount_value')} data-testid="order-discount-value" />
            )}
            {v.discount_type === 'percentage' && (
              <MoneyText currency="%" aria-label={t('discount.value')} {...form.getInputProps('discount_value')} data-testid="order-discount-value" />
            )}
          </Stack>
          <MoneyText currency={fmt.currency} label={t('details.transportFee')} {...form.getInputProps('transport_fee')} data-testid="order-transport-fee" />
        </SimpleGrid>
        <FeesEditor
          value={v.fees}
          onChange={(rows) => form.setFieldValue('fees', rows)}
          errors={Object.fromEntries(Object.entries(form.errors).map(([k, e]) => [k, String(e)]))}
          currency={fmt.currency}
        />
        <Textarea label={t('notes.title')} autosize minRows={2} maxRows={5} {...form.getInputProps('notes')} data-testid="order-notes" />
        <ChoiceField
          label={t('create.placeAs')}
          options={[
            { value: 'confirmed', label: t('status.confirmed') },
            { value: 'waiting-review', label: t('status.waiting-review') },
          ]}
          value={v.status}
          onChange={(status) => form.setFieldValue('status', status)}
          data-testid="order-initial-status"
        />

        <Card withBorder padding="sm" bg="var(--mantine-color-gray-0)">
          <Stack gap={4}>
            <Row label={t('totals.subtotal')} value={fmt.money(est.subtotal)} />
            {est.discount > 0 && <Row label={t('totals.discount')} value={`− ${fmt.money(est.discount)}`} />}
            {est.extras > 0 && <Row label={t('totals.feesAndTransport')} value={fmt.money(est.extras)} />}
            <Divider my={4} />
            <Row label={t('create.estimate')} value={fmt.money(est.total)} strong />
            <Group gap={4} wrap="nowrap">
              <IconInfoCircle size={14} color="var(--mantine-color-dimmed)" />
              <Text fz="xs" c="dimmed">
                {t('create.estimateHint')}
              </Text>
            </Group>
          </Stack>
        </Card>

        {form.errors['form'] && <Alert color="red">{form.errors['form']}</Alert>}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button variant="light" onClick={() => submit(true)} loading={create.isPending && asDraft} disabled={create.isPending && !asDraft} data-testid="order-save-draft">
            {t('create.saveDraft')}
          </Button>
          <Button type="submit" loading={create.isPending && !asDraft} disabled={create.isPending && asDraft} data-testid="order-save">
            {t('create.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text fz="sm" fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}
