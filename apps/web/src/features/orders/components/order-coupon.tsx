import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTicket, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { toastRejected } from '@/lib/refusal';
import { useApplyCoupon, useRemoveCoupon } from '../api/orders';
import type { Order } from '../api/types';

/**
 * The order's coupon (issue 18 §2): a code typed and applied (`PUT orders/{id}/coupon`), the
 * server's refusal under the box (unknown code, used up, the customer's limit, no line it covers,
 * a manual discount already there …); once applied, its code as a badge with a way to remove it
 * (`DELETE orders/{id}/coupon`). Typing and removing only while the order may be edited.
 */
export function OrderCoupon({ order, editable }: { order: Order; editable: boolean }) {
  const { t } = useTranslation('orders');
  const apply = useApplyCoupon(order.id);
  const remove = useRemoveCoupon(order.id);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const typed = code.trim();

  if (order.coupon_applied && order.coupon_code) {
    return (
      <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="order-coupon">
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {t('coupon.applied')}
          </Text>
          <Badge variant="light" color="green" leftSection={<IconTicket size={12} />} style={{ textTransform: 'none', minWidth: 0 }} data-testid="order-coupon-badge">
            <bdi dir="ltr">{order.coupon_code}</bdi>
          </Badge>
        </Group>
        {editable && (
          <Tooltip label={t('coupon.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('coupon.remove')}
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onError: toastRejected })}
              data-testid="order-coupon-remove"
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  }

  if (order.coupon_code) {
    // Kept as history on a cancelled order: its use was given back.
    return (
      <Stack gap={4} data-testid="order-coupon">
        <Badge variant="light" color="gray" leftSection={<IconTicket size={12} />} style={{ textTransform: 'none' }}>
          <bdi dir="ltr">{order.coupon_code}</bdi>
        </Badge>
        <Text fz="xs" c="dimmed">
          {t('coupon.released')}
        </Text>
      </Stack>
    );
  }

  if (!editable) return null;

  const submit = () => {
    if (typed === '' || apply.isPending) return;
    setError(undefined);
    apply.mutate(typed, {
      onSuccess: () => setCode(''),
      onError: (e) => {
        if (isApiError(e) && e.status === 422) setError(e.fieldErrors['code'] ?? Object.values(e.fieldErrors)[0] ?? e.message);
        else toastRejected(e);
      },
    });
  };

  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="order-coupon">
      <TextInput
        aria-label={t('coupon.label')}
        placeholder={t('coupon.label')}
        leftSection={<IconTicket size={16} />}
        dir="ltr"
        maxLength={40}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        value={code}
        onChange={(e) => {
          setCode(e.currentTarget.value);
          setError(undefined);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
        error={error}
        readOnly={apply.isPending}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="order-coupon-input"
      />
      <Button variant="light" onClick={submit} disabled={typed === '' || apply.isPending} loading={apply.isPending} style={{ flexShrink: 0 }} data-testid="order-coupon-apply">
        {t('coupon.apply')}
      </Button>
    </Group>
  );
}
