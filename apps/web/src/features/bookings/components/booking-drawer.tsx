import { Alert, Button, Drawer, Group, MultiSelect, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '@app/shared/scheduling/zoned';
import { ChoiceField } from '@/components/choice-field';
import { DateField } from '@/components/date-field';
import { FormFooter } from '@/components/form-footer';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { todayIn } from '@/features/calendar/lib/zone';
import { CustomFieldInput } from '@/features/customers/components/customer-form-modal';
import { isApiError, toast } from '@/lib/api-client';
import { clearOnBlur } from '@/lib/form-errors';
import { formatDate, formatDuration, formatTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useCreateBooking, useSlots } from '../api/bookings';
import { useBookingFields, useBranchOptions, useProviderOptions, useServiceOptions } from '../api/options';
import { parseOptionalMoney } from '@/features/orders/lib/money-input';
import { useErrorText } from '@/features/orders/lib/use-format';
import type { Booking } from '@app/shared/schemas/bookings';
import { useBusinessClock } from '../api/use-business-clock';
import { ANY_PROVIDER, BOOKING_FORM_FIELDS, type BookingFormValues, bookingBody, formPathOf, missingCustomFields } from '../lib/booking-form';
import { findSlot, providersFor, slotsOf } from '../lib/slots';
import { modeFields, pastStart, type VisitMode, walkInFresh, walkInStart } from '../lib/walk-in';
import { CustomerPicker, type PendingCustomer } from './customer-picker';
import { SlotPicker } from './slot-picker';

/** Where the drawer was opened from: a clicked day (and time) and, on a provider's column or a staff-filtered calendar, that provider (and its branch). */
export type BookingStart = { date?: string; time?: string | null; staffId?: string | null; branchId?: string | null };

type Props = {
  opened: boolean;
  onClose: () => void;
  start: BookingStart | null;
  /** Providers from the calendar's answer, used when the providers list is not readable. */
  staffFallback?: readonly { id: string; name: string; branch_id: string | null }[];
  onCreated?: (bookings: Booking[]) => void;
};

/** The side the drawer slides in from: the inline end (right in English, left in Arabic). */
export function useEndSide(): 'left' | 'right' {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'right' : 'left';
}

/** A new booking: customer, services, provider, a free slot from the engine, notes and custom fields. */
export function BookingDrawer({ opened, onClose, start, staffFallback, onCreated }: Props) {
  const { t } = useTranslation('bookings');
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const side = useEndSide();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={side}
      size={narrow ? '100%' : 'lg'}
      title={
        <Text fw={700} fz="lg">
          {t('drawer.title')}
        </Text>
      }
      data-testid="booking-drawer"
    >
      {opened && <BookingForm start={start ?? {}} staffFallback={staffFallback ?? []} onClose={onClose} onCreated={onCreated} />}
    </Drawer>
  );
}

function BookingForm({
  start,
  staffFallback,
  onClose,
  onCreated,
}: {
  start: BookingStart;
  staffFallback: readonly { id: string; name: string; branch_id: string | null }[];
  onClose: () => void;
  onCreated?: ((bookings: Booking[]) => void) | undefined;
}) {
  const { t } = useTranslation('bookings');
  const locale = useLocale();
  const user = useCurrentUser();
  const clock = useBusinessClock();
  const services = useServiceOptions();
  const providers = useProviderOptions();
  const fields = useBookingFields();
  const branchOptions = useBranchOptions();
  const defs = fields.data ?? [];
  const create = useCreateBooking();
  // A taken slot's message outlives the slot: the list is fetched again and the slot leaves it.
  const [slotError, setSlotError] = useState<string | null>(null);
  const today = todayIn(clock.zone);
  // A free slot, a walk-in (now) or a past visit (key bookings.record_past): see lib/walk-in.
  const [mode, setMode] = useState<VisitMode>('slot');
  const [walkIn, setWalkIn] = useState(() => walkInStart());
  const [past, setPast] = useState({ date: today, time: '' });
  const [pastErrors, setPastErrors] = useState<Record<string, string>>({});
  const canRecordPast = user.permissions.includes('bookings.record_past');
  const branches = user.teams;
  const initialBranch =
    (start.branchId && branches.some((b) => b.uuid === start.branchId) ? start.branchId : null) ??
    user.current_branch?.uuid ??
    (branches.length === 1 ? (branches[0]?.uuid ?? null) : null);

  // A home-service branch visits the customer: the visit may carry a transport fee.
  const isHomeService = (branchId: string | null) => branchOptions.data?.find((b) => b.uuid === branchId)?.type === 'home-service';
  const moneyError = useErrorText();
  const transportError = (text: string): Record<string, string> => {
    const parsed = parseOptionalMoney(text, clock.currency);
    return parsed.ok ? {} : { transport_fee: moneyError(parsed.error) };
  };

  const form = useForm<BookingFormValues>({
    initialValues: {
      branch_id: initialBranch,
      customer: null,
      service_ids: [],
      staff_id: start.staffId ?? ANY_PROVIDER,
      date: start.date && start.date >= today ? start.date : today,
      start_time: null,
      notes: '',
      custom_fields: {},
      status: 'confirmed',
      transport_fee: '',
    },
    validate: (v) => ({
      ...(v.branch_id ? {} : { branch_id: t('drawer.required') }),
      ...(v.customer ? {} : { customer: t('drawer.required') }),
      ...(v.service_ids.length ? {} : { service_ids: t('drawer.required') }),
      ...(v.start_time ? {} : { start_time: t('drawer.pickTime') }),
      ...missingCustomFields(v.custom_fields, defs, t('drawer.required')),
      ...(isHomeService(v.branch_id) ? transportError(v.transport_fee) : {}),
    }),
  });
  const v = form.values;

  // Services of the chosen branch (or of every branch).
  const serviceData = useMemo(
    () => (services.data ?? []).filter((s) => !v.branch_id || !s.branch_id || s.branch_id === v.branch_id).map((s) => ({ value: s.uuid, label: s.name })),
    [services.data, v.branch_id],
  );
  const duration = (services.data ?? []).filter((s) => v.service_ids.includes(s.uuid)).reduce((sum, s) => sum + s.duration, 0);

  // Providers who offer every chosen service at the branch; the calendar's staff when the list is not readable.
  const staffData = useMemo(() => {
    const list = providers.data?.length
      ? providersFor(providers.data, v.service_ids, v.branch_id).map((p) => ({ value: p.uuid, label: p.name }))
      : staffFallback.filter((s) => !v.branch_id || !s.branch_id || s.branch_id === v.branch_id).map((s) => ({ value: s.id, label: s.name }));
    return [{ value: ANY_PROVIDER, label: t('drawer.anyProvider') }, ...list];
  }, [providers.data, staffFallback, v.service_ids, v.branch_id, t]);

  // A provider who does not offer the chosen services any more: back to "any".
  useEffect(() => {
    if (v.staff_id !== ANY_PROVIDER && providers.data?.length && !staffData.some((o) => o.value === v.staff_id)) form.setFieldValue('staff_id', ANY_PROVIDER);
  }, [staffData, v.staff_id, providers.data, form.setFieldValue]);

  const slotsQuery =
    mode === 'slot' && v.branch_id && v.service_ids.length && v.date
      ? {
          branch_id: v.branch_id,
          service_ids: v.service_ids.join(','),
          ...(v.staff_id !== ANY_PROVIDER ? { staff_id: v.staff_id } : {}),
          from: v.date,
          to: v.date,
        }
      : null;
  const slots = useSlots(slotsQuery);
  const daySlots = slotsOf(slots.data?.data, v.date);

  // Keep the chosen slot while it is still free; otherwise take the clicked time when it is free.
  useEffect(() => {
    if (!slots.data) return;
    const list = slotsOf(slots.data.data, v.date);
    if (v.start_time && list.some((s) => s.start_time === v.start_time)) return;
    const clicked = v.date === start.date ? findSlot(list, start.time) : undefined;
    const next = clicked?.start_time ?? null;
    // Only a change is written: setting the same value still re-renders, which would run this again.
    if (next !== v.start_time) form.setFieldValue('start_time', next);
  }, [slots.data, v.date, v.start_time, start.date, start.time, form.setFieldValue]);

  const blockedReason = !v.branch_id ? t('drawer.branchFirst') : !v.service_ids.length ? t('drawer.serviceFirst') : null;
  const customPaths = defs.map((d) => `custom_fields.${d.uuid}`);

  // A customer typed into the new-customer form but not saved yet is created first, then booked.
  const pendingCustomer: PendingCustomer = useRef(null);
  const submit = (event?: React.FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const save = pendingCustomer.current;
    if (form.getValues().customer || !save) return book();
    form.validate();
    void save().then((c) => {
      if (!c) return;
      form.setFieldValue('customer', c);
      form.setFieldError('customer', null);
      book();
    });
  };
  // Walk-ins and past visits set their own start; the form's "pick a time" rule is met with a stand-in.
  const switchMode = (next: VisitMode) => {
    setMode(next);
    setPastErrors({});
    setSlotError(null);
    form.setFieldError('start_time', null);
    if (next === 'walk_in') setWalkIn(walkInStart());
    form.setFieldValue('start_time', next === 'slot' ? null : walkInStart());
  };

  const book = form.onSubmit((values) => {
    let extra: ReturnType<typeof modeFields> | null = null;
    if (mode === 'walk_in') {
      const start = walkInFresh(walkIn) ? walkIn : walkInStart();
      setWalkIn(start);
      extra = modeFields('walk_in', start);
    } else if (mode === 'past') {
      // Who did a visit that happened is known: no "any provider".
      if (values.staff_id === ANY_PROVIDER) {
        form.setFieldError('staff_id', t('drawer.pastProvider'));
        return;
      }
      const at = pastStart(past.date, past.time, clock.zone);
      if (!at.ok) {
        setPastErrors({ [at.field]: at.error === 'future' ? t('drawer.pastFuture') : t('drawer.required') });
        return;
      }
      extra = modeFields('past', at.start);
    }
    const body = bookingBody(values, defs, { homeService: isHomeService(values.branch_id), currency: clock.currency });
    // A past visit is recorded completed: no status to send.
    const { status: _status, ...withoutStatus } = body;
    create.mutate(extra ? { ...(mode === 'past' ? withoutStatus : body), ...extra } : body, {
      onSuccess: (res) => {
        onCreated?.(res.data.bookings);
        onClose();
      },
      onError: (e) => {
        if (!isApiError(e) || e.status !== 422) return;
        const known = new Set<string>([...BOOKING_FORM_FIELDS, ...customPaths]);
        const mapped: Record<string, string> = {};
        const stray: string[] = [];
        for (const [field, message] of Object.entries(e.fieldErrors)) {
          const path = formPathOf(field);
          if (known.has(path)) mapped[path] ??= message;
          else stray.push(message);
        }
        form.setErrors(mapped);
        if (stray.length) toast(stray[0] ?? e.message, 'red');
        // The slot was taken meanwhile: say so under the times and show the fresh list.
        if (mapped.start_time) {
          setSlotError(mapped.start_time);
          void slots.refetch();
        }
      },
    });
  });

  const props = (path: string) => clearOnBlur(form, path, form.getInputProps(path));
  // Chevrons point the way time runs on screen: leftwards in Arabic.
  const rtl = locale !== 'en';
  const shiftDay = (days: number) => {
    const next = addDays(v.date, days);
    if (next >= today) form.setFieldValue('date', next);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {(branches.length > 1 || !initialBranch) && (
          <Select
            label={t('drawer.branch')}
            required
            data={branches.map((b) => ({ value: b.uuid, label: b.name }))}
            allowDeselect={false}
            data-testid="booking-branch"
            {...props('branch_id')}
          />
        )}
        <CustomerPicker
          value={v.customer}
          onChange={(c) => {
            form.setFieldValue('customer', c);
            form.setFieldError('customer', null);
          }}
          error={form.errors.customer as string | undefined}
          pending={pendingCustomer}
        />
        <MultiSelect
          label={t('drawer.services')}
          required
          placeholder={serviceData.length ? t('drawer.servicesPlaceholder') : t('drawer.noServices')}
          data={serviceData}
          searchable
          maxValues={10}
          description={duration ? t('drawer.duration', { duration: formatDuration(duration, locale) }) : undefined}
          data-testid="booking-services"
          {...props('service_ids')}
        />
        <Select label={t('drawer.provider')} data={staffData} allowDeselect={false} disabled={!v.service_ids.length} data-testid="booking-provider" {...props('staff_id')} />
        <ChoiceField
          label={t('drawer.when')}
          options={[
            { value: 'slot', label: t('drawer.modeSlot') },
            { value: 'walk_in', label: t('drawer.modeWalkIn') },
            ...(canRecordPast ? [{ value: 'past' as const, label: t('drawer.modePast') }] : []),
          ]}
          value={mode}
          onChange={switchMode}
          data-testid="booking-mode"
        />
        {mode === 'walk_in' && (
          <Alert color="blue" variant="light" data-testid="booking-walk-in">
            <Text fz="sm" fw={600}>
              {t('drawer.walkInStarts', { time: formatTime(walkIn, locale, clock.timeFormat, clock.zone) })}
            </Text>
            <Text fz="xs" c="dimmed">
              {t('drawer.walkInHint')}
            </Text>
            {form.errors.start_time && (
              <Text fz="sm" c="red" mt={4}>
                {form.errors.start_time}
              </Text>
            )}
          </Alert>
        )}
        {mode === 'past' && (
          <Stack gap="xs" data-testid="booking-past">
            <Group gap="xs" align="flex-start" wrap="nowrap" grow>
              <DateField
                label={t('drawer.pastDate')}
                required
                clearable={false}
                maxDate={today}
                value={past.date}
                onChange={(date) => {
                  setPast((p) => ({ ...p, date }));
                  setPastErrors({});
                }}
                error={pastErrors.past_date}
                data-testid="booking-past-date"
              />
              <TextInput
                type="time"
                label={t('drawer.pastTime')}
                required
                step={300}
                styles={{ input: { direction: 'ltr' } }}
                value={past.time}
                onChange={(e) => {
                  const time = e.currentTarget.value;
                  setPast((p) => ({ ...p, time }));
                  setPastErrors({});
                }}
                error={pastErrors.past_time ?? (form.errors.start_time as string | undefined)}
                data-testid="booking-past-time"
              />
            </Group>
            <Text fz="xs" c="dimmed">
              {t('drawer.pastHint')}
            </Text>
          </Stack>
        )}
        {mode === 'slot' && (
          <>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <DateField
                label={t('drawer.date')}
                required
                clearable={false}
                minDate={today}
                disabled={!v.service_ids.length}
                style={{ flex: 1 }}
                description={v.date ? formatDate(`${v.date}T12:00:00Z`, locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }) : undefined}
                data-testid="booking-date"
                {...props('date')}
              />
              <Group gap={4} wrap="nowrap" mb={2}>
                <Button
                  variant="default"
                  px={8}
                  aria-label={t('drawer.previousDay')}
                  disabled={!v.service_ids.length || v.date <= today}
                  onClick={() => shiftDay(-1)}
                  data-testid="booking-date-prev"
                >
                  {rtl ? <IconChevronRight size={16} /> : <IconChevronLeft size={16} />}
                </Button>
                <Button variant="default" px={8} aria-label={t('drawer.nextDay')} disabled={!v.service_ids.length} onClick={() => shiftDay(1)} data-testid="booking-date-next">
                  {rtl ? <IconChevronLeft size={16} /> : <IconChevronRight size={16} />}
                </Button>
              </Group>
            </Group>
            <SlotPicker
              blockedReason={blockedReason}
              loading={slots.isPending || (slots.isFetching && !slots.data)}
              failed={slots.isError}
              slots={daySlots}
              selected={v.start_time}
              onSelect={(s) => {
                form.setFieldValue('start_time', s.start_time);
                form.setFieldError('start_time', null);
                setSlotError(null);
              }}
              timeFormat={clock.timeFormat}
              error={(form.errors.start_time as string | undefined) ?? slotError}
              onNextDay={() => shiftDay(1)}
            />
          </>
        )}
        {isHomeService(v.branch_id) && (
          <TextInput
            label={t('drawer.transportFee')}
            description={t('drawer.transportFeeHint', { currency: clock.currency })}
            inputMode="decimal"
            styles={{ input: { direction: 'ltr' } }}
            data-testid="booking-transport-fee"
            {...props('transport_fee')}
          />
        )}
        {mode !== 'past' && (
          <ChoiceField
            label={t('drawer.status')}
            options={[
              { value: 'confirmed', label: t('drawer.statusConfirmed') },
              { value: 'pending', label: t('drawer.statusPending') },
            ]}
            value={v.status}
            onChange={(status) => form.setFieldValue('status', status)}
            data-testid="booking-status"
          />
        )}
        <Textarea label={t('drawer.notes')} autosize minRows={2} maxRows={5} maxLength={2000} data-testid="booking-notes" {...props('notes')} />
        {defs.length > 0 && (
          <Stack gap="sm" data-testid="booking-custom-fields">
            <Text fw={600} fz="sm">
              {t('drawer.customFields')}
            </Text>
            {defs.map((d) => (
              <CustomFieldInput key={d.uuid} def={d} locale={locale} customerId={v.customer?.id ?? null} inputProps={props(`custom_fields.${d.uuid}`)} />
            ))}
          </Stack>
        )}
        <FormFooter cancelLabel={t('drawer.cancel')} onCancel={onClose} submitLabel={t('drawer.submit')} submitTestId="booking-submit" loading={create.isPending} />
      </Stack>
    </form>
  );
}
