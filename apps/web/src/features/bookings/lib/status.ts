import type { Locale } from '@app/shared/constants';
import { BOOKING_STATUSES, BOOKING_TRANSITIONS, type BookingStatus, canReschedule, isBookingStatus } from '@app/shared/states/booking';
import { DEFAULT_STATUS_LABELS } from '@app/shared/schemas/settings';

/** A status label as the settings API answers it (only the fields used here). */
export type StatusLabelLike = { status: string; label_ar: string; label_en: string; color: string };

export type StatusStyle = { label: string; color: string; text: string };

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * Text colour on a `hex` background: white, unless white falls below 3:1 contrast there (the WCAG
 * minimum for bold text; event titles are bold), then black. Mid blues and greens keep white text,
 * yellows and light blues get black.
 */
export function textOn(hex: string): '#000000' | '#FFFFFF' {
  if (!HEX.test(hex)) return '#FFFFFF';
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05) >= 3 ? '#FFFFFF' : '#000000';
}

/**
 * Name and colours of every booking status: the business's labels (settings → booking status
 * labels) where it set them, the defaults otherwise; an unknown status is grey with its own name.
 */
export function statusStyles(labels: readonly StatusLabelLike[] | undefined, locale: Locale): Record<BookingStatus, StatusStyle> {
  const byStatus = new Map((labels ?? []).map((l) => [l.status, l]));
  const out = {} as Record<BookingStatus, StatusStyle>;
  for (const status of BOOKING_STATUSES) {
    const set = byStatus.get(status);
    const def = DEFAULT_STATUS_LABELS[status];
    const color = set && HEX.test(set.color) ? set.color.toUpperCase() : def.color;
    const label = (locale === 'en' ? set?.label_en : set?.label_ar) || (locale === 'en' ? def.label_en : def.label_ar);
    out[status] = { label, color, text: textOn(color) };
  }
  return out;
}

export function styleOf(styles: Record<BookingStatus, StatusStyle>, status: string): StatusStyle {
  return isBookingStatus(status) ? styles[status] : { label: status, color: '#6B7280', text: '#FFFFFF' };
}

/** The statuses a booking may be moved to from `status` (packages/shared/src/states/booking.ts). */
export function nextStatuses(status: string): readonly BookingStatus[] {
  return isBookingStatus(status) ? BOOKING_TRANSITIONS[status] : [];
}

/** Dragging and resizing only move bookings that still hold their seat. */
export const isMovable = (status: string): boolean => canReschedule(status);
