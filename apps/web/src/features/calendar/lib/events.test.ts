import { describe, expect, it } from 'vitest';
import type { BlockTime, CalendarBooking } from '@app/shared/schemas/bookings';
import { statusStyles } from '@/features/bookings/lib/status';
import { BLOCK_COLOR, blockEvent, bookingEvent, mergeStaff } from './events';

const booking = (over: Partial<CalendarBooking> = {}): CalendarBooking => ({
  id: 'b1',
  booking_number: 7,
  customer_name: 'Khalid Omar',
  staff_id: 's1',
  crew: [],
  service_name: 'Haircut',
  start_time: '2025-03-01T06:30:00.000Z',
  end_time: '2025-03-01T07:00:00.000Z',
  status: 'confirmed',
  ...over,
});

describe('calendar events', () => {
  const styles = statusStyles([{ status: 'confirmed', label_ar: 'مؤكد', label_en: 'Booked', color: '#112233' }], 'en');

  it('colours a booking by its status, with the business label colour', () => {
    const e = bookingEvent(booking(), styles, true, 'Appointment');
    expect(e).toMatchObject({ id: 'booking:b1', title: 'Khalid Omar · Haircut', color: '#112233', contrastColor: '#FFFFFF', editable: true, durationEditable: true });
    expect(e.extendedProps).toEqual({ kind: 'booking', booking: booking() });
    expect(bookingEvent(booking({ status: 'pending' }), styles, true, 'x').color).toBe('#F59E0B');
  });

  it('lets only active bookings move, and only for users who may edit', () => {
    expect(bookingEvent(booking({ status: 'completed' }), styles, true, 'x').editable).toBe(false);
    expect(bookingEvent(booking({ status: 'cancelled' }), styles, true, 'x').editable).toBe(false);
    expect(bookingEvent(booking({ status: 'unpaid' }), styles, true, 'x').editable).toBe(true);
    expect(bookingEvent(booking(), styles, false, 'x').editable).toBe(false);
  });

  it('falls back to a generic title without customer or service', () => {
    expect(bookingEvent(booking({ customer_name: null, service_name: null }), styles, true, 'Appointment').title).toBe('Appointment');
  });

  it('shows block times grey and fixed', () => {
    const block: BlockTime = { id: 'k1', branch_id: 'br1', staff_id: null, start_time: '2025-03-01T09:00:00Z', end_time: '2025-03-01T10:00:00Z', notes: 'Meeting', created_at: '' };
    expect(blockEvent(block, 'Blocked · Meeting')).toMatchObject({ id: 'block:k1', color: BLOCK_COLOR, editable: false, className: 'calendar-block', extendedProps: { kind: 'block', block } });
  });

  it('keeps every provider seen in the staff filter, sorted by name', () => {
    const merged = mergeStaff([{ id: 'a', name: 'Zaid' }], [{ id: 'b', name: 'Amal' }, { id: 'a', name: 'Zaid K.' }]);
    expect(merged).toEqual([{ id: 'b', name: 'Amal' }, { id: 'a', name: 'Zaid K.' }]);
  });
});
