import type { BlockTime, CalendarBooking, CalendarStaff } from '@app/shared/schemas/bookings';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { statusStyles } from '@/features/bookings/lib/status';
import { changeLocale, i18n } from '@/lib/i18n';
import { PX_PER_MINUTE, StaffDayView } from './staff-day-view';

const DATE = '2030-01-06'; // a Sunday, never today
const ZONE = 'Asia/Riyadh'; // UTC+3
const at = (hhmm: string) => new Date(`${DATE}T${hhmm}:00+03:00`).toISOString();
const WEEK = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [['09:00', '17:00']] as [string, string][]]));

const staff: CalendarStaff[] = [
  { id: 'amal', name: 'Amal Noor', branch_id: 'b1', color: '#3B71FE', photo: null, working_hours: WEEK, time_off: [] },
  { id: 'badr', name: 'Badr Ali', branch_id: 'b1', color: '#E8590C', photo: null, working_hours: WEEK, time_off: [{ start_date: DATE, end_date: DATE }] },
];

const booking = (id: string, staffId: string, from: string, to: string, over: Partial<CalendarBooking> = {}): CalendarBooking => ({
  id,
  booking_number: Number(id.replace(/\D/g, '')) || 1,
  customer_name: `Customer ${id}`,
  staff_id: staffId,
  crew: [],
  service_name: 'Haircut',
  start_time: at(from),
  end_time: at(to),
  status: 'confirmed',
  ...over,
});

const block: BlockTime = { id: 'k1', branch_id: 'b1', staff_id: null, start_time: at('13:00'), end_time: at('14:00'), notes: 'Meeting', created_at: at('08:00') };

function renderView(over: Partial<Parameters<typeof StaffDayView>[0]> = {}) {
  const handlers = { onCellClick: vi.fn(), onBookingClick: vi.fn(), onBlockClick: vi.fn(), onMove: vi.fn() };
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <StaffDayView
          date={DATE}
          zone={ZONE}
          locale="en"
          timeFormat="24"
          staff={staff}
          bookings={[booking('b1', 'amal', '10:00', '10:30'), booking('b2', 'amal', '10:15', '11:00'), booking('b3', 'badr', '12:00', '12:30', { status: 'pending' })]}
          blocks={[block]}
          styles={statusStyles(undefined, 'en')}
          hours={{ slotMinTime: '08:00:00', slotMaxTime: '18:00:00', scrollTime: '09:00:00' }}
          branchHoursOf={() => null}
          height={600}
          canMove={() => true}
          {...handlers}
          {...over}
        />
      </MantineProvider>
    </I18nextProvider>,
  );
  return handlers;
}

/** jsdom lays nothing out: the columns get side-by-side boxes, 200 px wide, from x = 100. */
function layOutColumns() {
  const columns = screen.getAllByTestId('staff-column');
  columns.forEach((el, i) => {
    el.getBoundingClientRect = () => ({ left: 100 + i * 200, right: 300 + i * 200, top: 0, bottom: 1000, width: 200, height: 1000, x: 100 + i * 200, y: 0, toJSON: () => ({}) });
  });
}

beforeAll(async () => {
  await changeLocale('en');
  // jsdom has no PointerEvent: a MouseEvent with the pointer's id and type stands in.
  if (!('PointerEvent' in window)) {
    class PointerEventStub extends MouseEvent {
      pointerId: number;
      pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 0;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    Object.defineProperty(window, 'PointerEvent', { configurable: true, value: PointerEventStub });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the staff day view', () => {
  it('shows a named column per provider with its bookings, day off and block time', () => {
    renderView();
    const amal = screen.getByRole('region', { name: 'Amal Noor' });
    const badr = screen.getByRole('region', { name: 'Badr Ali' });
    expect(within(amal).getAllByTestId(/^staff-event-/).map((e) => e.dataset.bookingId)).toEqual(['b1', 'b2']);
    expect(within(badr).getByTestId(/^staff-event-/).dataset.status).toBe('pending');
    expect(within(badr).getByTestId('staff-time-off')).toBeTruthy();
    expect(within(amal).queryByTestId('staff-time-off')).toBeNull();
    // A branch-wide block shows in every column.
    expect(within(amal).getByTestId('staff-block').textContent).toContain('Meeting');
    expect(within(badr).getByTestId('staff-block')).toBeTruthy();
    // Amal works 09:00–17:00 in a grid of 08:00–18:00: shaded before and after.
    expect(within(amal).getAllByTestId('staff-off-hours')).toHaveLength(2);
  });

  it('lays overlapping bookings side by side, each readable', () => {
    renderView();
    const [first, second] = within(screen.getByRole('region', { name: 'Amal Noor' })).getAllByTestId(/^staff-event-/);
    expect(first?.style.width).toBe('calc(50% - 4px)');
    expect(second?.style.insetInlineStart).toBe('calc(50% + 2px)');
    expect(first?.style.top).toBe(`${120 * PX_PER_MINUTE}px`);
    expect(first?.textContent).toContain('Customer b1');
    expect(first?.textContent).toContain('Haircut');
    expect(first?.getAttribute('aria-label')).toContain('10:00 – 10:30');
  });

  it('books the provider and the time of the empty slot clicked', () => {
    const { onCellClick, onBookingClick } = renderView();
    const badr = screen.getByRole('region', { name: 'Badr Ali' });
    fireEvent.click(within(badr).getByRole('button', { name: 'Book Badr Ali at 15:45' }));
    expect(onCellClick).toHaveBeenCalledWith('badr', '15:45');
    fireEvent.click(within(badr).getByTestId(/^staff-event-/));
    expect(onBookingClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'b3' }));
  });

  it('drags a booking to another provider and a later time, snapped to 15 minutes', () => {
    const { onMove, onBookingClick } = renderView();
    layOutColumns();
    const event = within(screen.getByRole('region', { name: 'Amal Noor' })).getAllByTestId(/^staff-event-/)[0]!;
    // Taken 10 px under its top (10:00 is 120 minutes into the 08:00 grid).
    const y0 = 120 * PX_PER_MINUTE + 10;
    fireEvent.pointerDown(event, { pointerId: 1, button: 0, pointerType: 'mouse', clientX: 150, clientY: y0 });
    // 50 px lower (31 minutes) over Badr's column.
    fireEvent.pointerMove(event, { pointerId: 1, pointerType: 'mouse', clientX: 420, clientY: y0 + 50 });
    expect(screen.getByTestId('staff-ghost')).toBeTruthy();
    fireEvent.pointerUp(event, { pointerId: 1, pointerType: 'mouse', clientX: 420, clientY: y0 + 50 });
    fireEvent.click(event);
    expect(onMove).toHaveBeenCalledWith({ booking: expect.objectContaining({ id: 'b1' }), staffId: 'badr', start: 630 });
    expect(onBookingClick).not.toHaveBeenCalled();
  });

  it('a small pointer wobble is a click, and a drop where it was moves nothing', () => {
    const { onMove, onBookingClick } = renderView();
    layOutColumns();
    const event = within(screen.getByRole('region', { name: 'Amal Noor' })).getAllByTestId(/^staff-event-/)[0]!;
    fireEvent.pointerDown(event, { pointerId: 2, button: 0, pointerType: 'mouse', clientX: 150, clientY: 200 });
    fireEvent.pointerMove(event, { pointerId: 2, pointerType: 'mouse', clientX: 152, clientY: 202 });
    fireEvent.pointerUp(event, { pointerId: 2, pointerType: 'mouse', clientX: 152, clientY: 202 });
    fireEvent.click(event);
    expect(onBookingClick).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(event, { pointerId: 3, button: 0, pointerType: 'mouse', clientX: 150, clientY: 200 });
    fireEvent.pointerMove(event, { pointerId: 3, pointerType: 'mouse', clientX: 150, clientY: 230 });
    fireEvent.pointerMove(event, { pointerId: 3, pointerType: 'mouse', clientX: 150, clientY: 204 });
    fireEvent.pointerUp(event, { pointerId: 3, pointerType: 'mouse', clientX: 150, clientY: 204 });
    expect(onMove).not.toHaveBeenCalled();
  });

  it("shows a team booking in its crew's columns too, read only", () => {
    const team = booking('b9', 'amal', '15:00', '16:00', { crew: [{ id: 'badr', name: 'Badr Ali' }] });
    renderView({ bookings: [team] });
    expect(within(screen.getByRole('region', { name: 'Amal Noor' })).getByTestId('staff-event-9').dataset.movable).toBe('true');
    const crew = within(screen.getByRole('region', { name: 'Badr Ali' })).getByTestId('staff-crew-9');
    expect(crew.dataset.movable).toBeUndefined();
  });

  it('an own-scope user sees only their column', () => {
    renderView({ staff: [staff[0]!] });
    expect(screen.getAllByTestId('staff-column')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Amal Noor' })).toBeTruthy();
  });
});
