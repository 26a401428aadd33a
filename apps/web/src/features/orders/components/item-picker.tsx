import type { Locale } from '@app/shared/constants';
import { Button, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { joinList } from '@/lib/format';
import { useOfferPrices, usePackageChoices, useProductChoices, useServiceChoices } from '../api/options';
import type { ItemType } from '../api/types';
import { type LineDraft, QUANTITY_MAX } from '../lib/order-form';
import { useOrderFormat } from '../lib/use-format';

let lineSeq = 0;
const nextKey = () => `line-${++lineSeq}`;

const optionsText = (options: Record<string, string>, locale: Locale) =>
  joinList(
    Object.entries(options).map(([k, v]) => `${k}: ${v}`),
    locale,
  );

/**
 * Picks one item for an order: a service, a product (and its combination when it has options) or a
 * package (only with the packages plugin), with a quantity. `onAdd` receives the line.
 */
export function ItemPicker({ onAdd, loading = false, addLabel }: { onAdd: (line: LineDraft) => void; loading?: boolean; addLabel?: string }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const user = useCurrentUser();
  const withPackages = user.tenant.plugins.includes('packages');
  const [type, setType] = useState<ItemType>('service');
  const [refId, setRefId] = useState<string | null>(null);
  const [combinationId, setCombinationId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number>(1);
  const [error, setError] = useState<string | null>(null);
  const services = useServiceChoices();
  const offered = useOfferPrices().data;
  const products = useProductChoices();
  const packages = usePackageChoices(withPackages);

  const product = type === 'product' ? products.data?.find((p) => p.uuid === refId) : undefined;
  const combinations = product?.combinations ?? [];

  let data: { value: string; label: string; disabled?: boolean }[] = [];
  let loadingList = false;
  if (type === 'service') {
    // A running offer: its price, the catalogue's after it (struck through in the list).
    data = (services.data ?? []).map((s) => {
      const offer = offered?.get(s.uuid);
      return { value: s.uuid, label: offer ? `${s.name} — ${fmt.money(offer.price)} (${t('items.was', { price: fmt.money(s.price) })})` : `${s.name} — ${fmt.money(s.price)}` };
    });
    loadingList = services.isPending;
  } else if (type === 'product') {
    data = (products.data ?? []).map((p) => {
      const out = !p.unlimited_stock && p.combinations.length === 0 && p.stock <= 0;
      return { value: p.uuid, label: `${p.name} — ${fmt.money(p.price)}${out ? ` (${t('items.outOfStock')})` : ''}`, disabled: out };
    });
    loadingList = products.isPending;
  } else {
    data = (packages.data ?? []).map((p) => ({ value: p.uuid, label: `${p.name} — ${fmt.money(p.price)}` }));
    loadingList = packages.isPending;
  }

  const reset = () => {
    setRefId(null);
    setCombinationId(null);
    setQuantity(1);
    setError(null);
  };

  const add = () => {
    if (!refId) return setError(t('items.pickFirst'));
    if (type === 'product' && combinations.length > 0 && !combinationId) return setError(t('items.pickCombination'));
    let name = '';
    let price = 0;
    if (type === 'service') {
      const s = services.data?.find((x) => x.uuid === refId);
      name = s?.name ?? '';
      price = (s && offered?.get(s.uuid)?.price) ?? s?.price ?? 0;
    } else if (type === 'product') {
      const c = combinations.find((x) => x.uuid === combinationId);
      name = c ? `${product?.name ?? ''} (${optionsText(c.options, fmt.locale)})` : (product?.name ?? '');
      price = c?.price ?? product?.price ?? 0;
    } else {
      const p = packages.data?.find((x) => x.uuid === refId);
      name = p?.name ?? '';
      price = p?.price ?? 0;
    }
    onAdd({ key: nextKey(), type, ref_id: refId, combination_id: type === 'product' ? combinationId : null, quantity: Math.max(1, quantity), name, unit_price: price });
    reset();
  };

  const typeOptions = [
    { value: 'service', label: t('itemType.service') },
    { value: 'product', label: t('itemType.product') },
    ...(withPackages ? [{ value: 'package', label: t('itemType.package') }] : []),
  ];

  return (
    <Stack gap="sm" data-testid="item-picker">
      <SegmentedControl
        data={typeOptions}
        value={type}
        onChange={(v) => {
          setType(v as ItemType);
          reset();
        }}
        fullWidth
        data-testid="item-type"
      />
      <SimpleGrid cols={{ base: 1, sm: type === 'product' && combinations.length ? 3 : 2 }} spacing="sm">
        <Select
          label={t(`items.pick.${type}`)}
          placeholder={loadingList ? t('items.loading') : t('items.search')}
          data={data}
          value={refId}
          onChange={(v) => {
            setRefId(v);
            setCombinationId(null);
            setError(null);
          }}
          searchable
          renderOption={({ option }) => {
            const offer = type === 'service' ? offered?.get(option.value) : undefined;
            const s = offer ? services.data?.find((x) => x.uuid === option.value) : undefined;
            if (!offer || !s) return option.label;
            return (
              <Group gap={6} wrap="nowrap" data-testid={`item-offer-${option.value}`}>
                <Text fz="sm">{`${s.name} — ${fmt.money(offer.price)}`}</Text>
                <Text fz="xs" c="dimmed" td="line-through" data-testid={`item-was-${option.value}`}>
                  {fmt.money(offer.original_price)}
                </Text>
              </Group>
            );
          }}
          nothingFoundMessage={t('items.nothing')}
          error={error && !refId ? error : undefined}
          comboboxProps={{ withinPortal: true }}
          data-testid="item-select"
        />
        {type === 'product' && combinations.length > 0 && (
          <Select
            label={t('items.combination')}
            placeholder={t('items.pickCombination')}
            data={combinations.map((c) => {
              const out = !product?.unlimited_stock && c.stock <= 0;
              return { value: c.uuid, label: `${optionsText(c.options, fmt.locale)} — ${fmt.money(c.price)}${out ? ` (${t('items.outOfStock')})` : ''}`, disabled: out };
            })}
            value={combinationId}
            onChange={(v) => {
              setCombinationId(v);
              setError(null);
            }}
            error={error && refId && !combinationId ? error : undefined}
            comboboxProps={{ withinPortal: true }}
            data-testid="item-combination"
          />
        )}
        <NumberInput
          label={t('items.quantity')}
          min={1}
          max={QUANTITY_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={quantity}
          onChange={(v) => setQuantity(typeof v === 'number' ? v : Number(v) || 1)}
          data-testid="item-quantity"
        />
      </SimpleGrid>
      {data.length === 0 && !loadingList && (
        <Text fz="xs" c="dimmed">
          {t(`items.empty.${type}`)}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} loading={loading} data-testid="item-add">
          {addLabel ?? t('items.add')}
        </Button>
      </Group>
    </Stack>
  );
}
