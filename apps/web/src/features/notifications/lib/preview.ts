import type { Locale } from '@app/shared/constants';
import type { TemplateVariable } from '@app/shared/schemas/notifications';
import { formatClock, formatDay, type TimeFormat } from '@/lib/format';

/** Replaces `{{variable}}` with its value, as the server does when it sends (an unknown one becomes nothing). */
export function renderTemplate(text: string, vars: Partial<Record<TemplateVariable, string>>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => vars[name as TemplateVariable] ?? '');
}

/** Sample people and places for the preview, in the language of the text they fill (the server fills each text in its own). */
const SAMPLES: Record<Locale, Omit<Record<TemplateVariable, string>, 'date' | 'time'>> = {
  ar: {
    customer_name: 'نورة العتيبي',
    business_name: 'صالون الورد',
    service_name: 'قص وتصفيف',
    staff_name: 'أمل',
    branch_name: 'فرع العليا',
    booking_number: '1042',
    order_number: '518',
    invoice_number: 'INV-0231',
    amount: '١٥٠٫٠٠ ر.س',
    payment_link: 'https://pay.example.sa/p/7Hk2',
    review_link: 'https://example.sa/r/7Hk2',
    manage_link: 'https://example.sa/s/alward/b/7Hk2',
    code: '4821',
  },
  en: {
    customer_name: 'Noura Al-Otaibi',
    business_name: 'Al Ward Salon',
    service_name: 'Cut and style',
    staff_name: 'Amal',
    branch_name: 'Olaya branch',
    booking_number: '1042',
    order_number: '518',
    invoice_number: 'INV-0231',
    amount: 'SAR 150.00',
    payment_link: 'https://pay.example.sa/p/7Hk2',
    review_link: 'https://example.sa/r/7Hk2',
    manage_link: 'https://example.sa/s/alward/b/7Hk2',
    code: '4821',
  },
};

/** The sample appointment's day: tomorrow, as "YYYY-MM-DD". */
export function sampleDay(now: Date = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The sample appointment's time of day. */
export const SAMPLE_TIME = '16:30';

/**
 * The values a template's text in `locale` is previewed with: sample names, the business's own name
 * when it has one, and tomorrow at 4:30 pm written with the shared formatters and the business's clock.
 */
export function sampleVariables(locale: Locale, opts: { businessName?: string | null; timeFormat: TimeFormat; day?: string }): Record<TemplateVariable, string> {
  return {
    ...SAMPLES[locale],
    business_name: opts.businessName?.trim() || SAMPLES[locale].business_name,
    date: formatDay(opts.day ?? sampleDay(), locale),
    time: formatClock(SAMPLE_TIME, locale, opts.timeFormat),
  };
}
