import { shrinkImages } from '@/lib/shrink-image';
import { ACCEPTED_IMAGE, IMAGE_MAX_BYTES, IMAGES_MAX } from '../lib/images';
import { ActionIcon, Alert, Anchor, Button, Card, FileButton, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconMapPin, IconPhotoPlus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateTimeField } from '@/components/date-field';
import { isApiError, toast } from '@/lib/api-client';
import { minorToInput } from '@/lib/format';
import { closeAfterWrite } from '@/lib/refusal';
import { useDeleteImage, useEditLocation, useUpdateDetails, useUpdateNote, useUploadImages } from '../api/orders';
import type { Order } from '../api/types';
import { isoToLocalInput, localInputToIso } from '../lib/dates';
import { type FeeDraft, feesBody, parseOptionalMoney } from '../lib/money-input';
import { useErrorText, useOrderFormat } from '../lib/use-format';
import { AuthImage } from './auth-image';
import { FeesEditor, MoneyText } from './fees-editor';

const serverErrors = (e: unknown): Record<string, string> | null => (isApiError(e) && e.status === 422 ? (Object.keys(e.fieldErrors).length ? e.fieldErrors : { form: e.message }) : null);

/**
 * Fees, transport fee, PIN code and receive time (`update-details`). At an on-site branch the last
 * three (travel, pick-up) rarely apply: they show only once one holds a value or the person asks.
 */
export function DetailsCard({ order, editable, onSite = false }: { order: Order; editable: boolean; onSite?: boolean }) {
  const { t } = useTranslation('orders');
  const fmt = useOrderFormat();
  const errorText = useErrorText();
  const update = useUpdateDetails(order.id);
  const initial = () => ({
    fees: order.fees.map((f): FeeDraft => ({ title: f.title, value: minorToInput(f.value, order.currency), ...(f.tip ? { tip: true } : {}) })),
    transport: order.transport_fee ? minorToInput(order.transport_fee, order.currency) : '',
    pin: order.pin_code ?? '',
    receive: isoToLocalInput(order.receive_time, fmt.timezone),
  });
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = JSON.stringify(v) !== JSON.stringify(initial());
  const [pickupAsked, setPickupAsked] = useState(false);
  const showPickup = !onSite || pickupAsked || Boolean(order.transport_fee || order.pin_code || order.receive_time);

  const save = () => {
    const fees = feesBody(v.fees, order.currency);
    const transport = parseOptionalMoney(v.transport, order.currency);
    const errs: Record<string, string> = Object.fromEntries(Object.entries(fees.errors).map(([k, c]) => [k, errorText(c)]));
    if (!transport.ok) errs['transport_fee'] = errorText(transport.error);
    if (Object.keys(errs).length) return setErrors(errs);
    setErrors({});
    update.mutate(
      { fees: fees.fees, transport_fee: transport.ok ? transport.value : 0, pin_code: v.pin.trim() || null, receive_time: localInputToIso(v.receive, fmt.timezone) },
      { onError: (e) => setErrors(serverErrors(e) ?? {}) },
    );
  };

  return (
    <Card withBorder padding="md" data-testid="order-details">
      <Text fw={700} mb="sm">
        {t('details.title')}
      </Text>
      <Stack gap="sm">
        <FeesEditor value={v.fees} onChange={(fees) => setV({ ...v, fees })} errors={errors} currency={order.currency} disabled={!editable} />
        {showPickup ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <MoneyText
              currency={order.currency}
              label={t('details.transportFee')}
              value={v.transport}
              onChange={(e) => setV({ ...v, transport: e.currentTarget.value })}
              error={errors['transport_fee']}
              disabled={!editable}
              data-testid="details-transport"
            />
            <TextInput
              label={t('details.pin')}
              value={v.pin}
              onChange={(e) => setV({ ...v, pin: e.currentTarget.value })}
              error={errors['pin_code']}
              maxLength={20}
              styles={{ input: { direction: 'ltr' } }}
              disabled={!editable}
              data-testid="details-pin"
            />
            <DateTimeField
              label={t('details.receiveTime')}
              value={v.receive}
              onChange={(receive) => setV({ ...v, receive })}
              error={errors['receive_time']}
              disabled={!editable}
              data-testid="details-receive"
            />
          </SimpleGrid>
        ) : (
          editable && (
            <Button
              variant="subtle"
              size="xs"
              h="auto"
              py={6}
              leftSection={<IconPlus size={14} />}
              onClick={() => setPickupAsked(true)}
              style={{ alignSelf: 'flex-start' }}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
              data-testid="details-show-pickup"
            >
              {t('details.showPickup')}
            </Button>
          )
        )}
        {errors['form'] && <Alert color="red">{errors['form']}</Alert>}
        {editable && (
          <Group justify="flex-end">
            <Button size="xs" variant="default" disabled={!dirty} onClick={() => {
                setV(initial());
                setErrors({});
              }}>
              {t('actions.reset')}
            </Button>
            <Button size="xs" onClick={save} loading={update.isPending} disabled={!dirty} data-testid="details-save">
              {t('actions.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export function NotesCard({ order, editable }: { order: Order; editable: boolean }) {
  const { t } = useTranslation('orders');
  const update = useUpdateNote(order.id);
  const [notes, setNotes] = useState(order.notes ?? '');
  const [error, setError] = useState<string | undefined>();
  const dirty = notes !== (order.notes ?? '');
  return (
    <Card withBorder padding="md" data-testid="order-notes-card">
      <Text fw={700} mb="sm">
        {t('notes.title')}
      </Text>
      <Stack gap="sm">
        <Textarea
          aria-label={t('notes.title')}
          placeholder={t('notes.placeholder')}
          autosize
          minRows={3}
          maxRows={10}
          value={notes}
          onChange={(e) => {
            setNotes(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          disabled={!editable}
          data-testid="order-notes-input"
        />
        {editable && (
          <Group justify="flex-end">
            <Button
              size="xs"
              disabled={!dirty}
              loading={update.isPending}
              onClick={() => update.mutate(notes.trim() || null, { onError: (e) => setError(Object.values(serverErrors(e) ?? {})[0]) })}
              data-testid="order-notes-save"
            >
              {t('actions.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Latitude/longitude typed in any digits; '' → null. */
const coord = (text: string): number | null | 'invalid' => {
  const s = text.trim().replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
  if (!s) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : 'invalid';
};

export function LocationCard({ order, editable }: { order: Order; editable: boolean }) {
  const { t } = useTranslation('orders');
  const update = useEditLocation(order.id);
  const loc = order.location;
  const [address, setAddress] = useState(loc?.address ?? '');
  const [lat, setLat] = useState(loc?.lat != null ? String(loc.lat) : '');
  const [lng, setLng] = useState(loc?.lng != null ? String(loc.lng) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = address !== (loc?.address ?? '') || lat !== (loc?.lat != null ? String(loc.lat) : '') || lng !== (loc?.lng != null ? String(loc.lng) : '');
  const save = () => {
    const la = coord(lat);
    const ln = coord(lng);
    const errs: Record<string, string> = {};
    if (la === 'invalid' || (typeof la === 'number' && Math.abs(la) > 90)) errs['lat'] = t('location.invalidLat');
    if (ln === 'invalid' || (typeof ln === 'number' && Math.abs(ln) > 180)) errs['lng'] = t('location.invalidLng');
    if (Object.keys(errs).length) return setErrors(errs);
    setErrors({});
    update.mutate(
      { address: address.trim() || null, lat: la as number | null, lng: ln as number | null },
      { onError: (e) => setErrors(serverErrors(e) ?? {}) },
    );
  };
  const hasPoint = loc?.lat != null && loc?.lng != null;
  return (
    <Card withBorder padding="md" data-testid="order-location">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Text fw={700}>{t('location.title')}</Text>
        {hasPoint && (
          <Anchor href={`https://www.openstreetmap.org/?mlat=${loc?.lat}&mlon=${loc?.lng}#map=16/${loc?.lat}/${loc?.lng}`} target="_blank" rel="noopener noreferrer" fz="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconMapPin size={14} />
              {t('location.openMap')}
            </Group>
          </Anchor>
        )}
      </Group>
      <Stack gap="sm">
        <TextInput label={t('location.address')} value={address} onChange={(e) => setAddress(e.currentTarget.value)} error={errors['address']} disabled={!editable} data-testid="location-address" />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput label={t('location.lat')} inputMode="decimal" value={lat} onChange={(e) => setLat(e.currentTarget.value)} error={errors['lat']} styles={{ input: { direction: 'ltr' } }} disabled={!editable} data-testid="location-lat" />
          <TextInput label={t('location.lng')} inputMode="decimal" value={lng} onChange={(e) => setLng(e.currentTarget.value)} error={errors['lng']} styles={{ input: { direction: 'ltr' } }} disabled={!editable} data-testid="location-lng" />
        </SimpleGrid>
        {errors['form'] && <Alert color="red">{errors['form']}</Alert>}
        {editable && (
          <Group justify="flex-end">
            <Button size="xs" disabled={!dirty} loading={update.isPending} onClick={save} data-testid="location-save">
              {t('actions.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export function ImagesCard({ order, editable }: { order: Order; editable: boolean }) {
  const { t } = useTranslation('orders');
  const upload = useUploadImages(order.id);
  const remove = useDeleteImage(order.id);
  const [removing, setRemoving] = useState<string | null>(null);
  const left = IMAGES_MAX - order.images.length;
  const pick = async (picked: File[]) => {
    // Phone photos over the limit are redrawn smaller here; the server still checks what arrives.
    const files = await shrinkImages(picked, { maxBytes: IMAGE_MAX_BYTES, types: ACCEPTED_IMAGE });
    const bad = files.find((f) => !ACCEPTED_IMAGE.includes(f.type) || f.size > IMAGE_MAX_BYTES);
    if (bad) return toast(t('images.rules'), 'red');
    if (files.length > left) return toast(t('images.tooMany', { count: IMAGES_MAX }), 'red');
    if (files.length) upload.mutate(files, { onError: (e) => isApiError(e) && e.status === 422 && toast(Object.values(e.fieldErrors)[0] ?? e.message, 'red') });
  };
  return (
    <Card withBorder padding="md" data-testid="order-images">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Text fw={700}>{t('images.title')}</Text>
        {editable && left > 0 && (
          <FileButton onChange={(f) => void pick(f)} accept={ACCEPTED_IMAGE.join(',')} multiple>
            {(props) => (
              <Button size="xs" variant="light" leftSection={<IconPhotoPlus size={14} />} loading={upload.isPending} {...props} data-testid="order-images-upload">
                {t('images.upload')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <Text fz="xs" c="dimmed" mb="sm">
        {t('images.rules')}
      </Text>
      {order.images.length === 0 ? (
        <Text fz="sm" c="dimmed" ta="center" py="md">
          {t('images.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
          {order.images.map((img) => (
            <div key={img.id} style={{ position: 'relative' }}>
              <AuthImage src={img.url} alt={t('images.alt', { number: order.number })} radius="sm" h={110} fit="cover" />
              {editable && (
                <ActionIcon
                  variant="filled"
                  color="red"
                  size="sm"
                  aria-label={t('images.delete')}
                  onClick={() => setRemoving(img.id)}
                  style={{ position: 'absolute', insetBlockStart: 6, insetInlineEnd: 6 }}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              )}
            </div>
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('images.deleteTitle')}
        message={t('images.deleteMessage')}
        confirmLabel={t('images.delete')}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing, closeAfterWrite(() => setRemoving(null)))}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
