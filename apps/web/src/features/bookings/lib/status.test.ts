import { BOOKING_STATUSES } from '@app/shared/states/booking';
import { describe, expect, it } from 'vitest';
import { isMovable, nextStatuses, statusStyles, styleOf, textOn } from './status';

describe('booking status styles', () => {
  it('uses the defaults when the business set no labels', () => {
    const styles = statusStyles(undefined, 'ar');
    expect(Object.keys(styles)).toEqual([...BOOKING_STATUSES]);
    expect(styles.confirmed).toEqual({ label: 'مؤكد', color: '#3B71FE', text: '#FFFFFF' });
    expect(statusStyles([], 'en').pending).toEqual({ label: 'Pending', color: '#F59E0B', text: '#000000' });
  });

  it("takes the business's label and colour, in the reader's language", () => {
    const labels = [{ status: 'completed', label_ar: 'تم', label_en: 'Done', color: '#fde047' }];
    expect(statusStyles(labels, 'en').completed).toEqual({ label: 'Done', color: '#FDE047', text: '#000000' });
    expect(statusStyles(labels, 'ar').completed.label).toBe('تم');
  });

  it('ignores a broken colour and an empty label', () => {
    const labels = [{ status: 'cancelled', label_ar: '', label_en: '', color: 'red' }];
    expect(statusStyles(labels, 'en').cancelled).toEqual({ label: 'Cancelled', color: '#6B7280', text: '#FFFFFF' });
  });

  it('shows an unknown status grey under its own name', () => {
    expect(styleOf(statusStyles(undefined, 'en'), 'archived')).toEqual({ label: 'archived', color: '#6B7280', text: '#FFFFFF' });
  });

  it('picks readable text on any colour', () => {
    expect(textOn('#FFFFFF')).toBe('#000000');
    expect(textOn('#000000')).toBe('#FFFFFF');
    expect(textOn('#3B71FE')).toBe('#FFFFFF');
    expect(textOn('#F59E0B')).toBe('#000000');
    expect(textOn('#16A34A')).toBe('#FFFFFF');
    expect(textOn('#0EA5E9')).toBe('#000000');
    expect(textOn('nope')).toBe('#FFFFFF');
  });

  it('offers the transitions of the shared state machine', () => {
    expect(nextStatuses('pending')).toEqual(['confirmed', 'rejected', 'cancelled', 'unpaid']);
    expect(nextStatuses('confirmed')).toEqual(['completed', 'no-show', 'cancelled']);
    expect(nextStatuses('cancelled')).toEqual([]);
    expect(nextStatuses('unknown')).toEqual([]);
    expect(isMovable('confirmed')).toBe(true);
    expect(isMovable('completed')).toBe(false);
  });
});
