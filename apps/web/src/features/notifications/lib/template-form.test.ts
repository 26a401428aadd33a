import { describe, expect, it } from 'vitest';
import { formatClock, formatDay } from '@/lib/format';
import type { NotificationTemplate } from '../api/notifications';
import { renderTemplate, sampleDay, sampleVariables } from './preview';
import { emptyTemplateValues, formField, insertAt, offsetParts, type TemplateFormValues, templateRequest, templateValues, unknownVariables } from './template-form';

const message = (key: string, values?: Record<string, string>) => (values?.names ? `${key}:${values.names}` : key);
const values = (over: Partial<TemplateFormValues> = {}): TemplateFormValues => ({ ...emptyTemplateValues(), body_ar: 'مرحبًا {{customer_name}}', body_en: 'Hi {{customer_name}}', ...over });
const request = (over: Partial<TemplateFormValues> = {}) => templateRequest(values(over), message, 'en');

describe('templateRequest', () => {
  it('sends the texts trimmed, no offset but for a reminder', () => {
    const { body, errors } = request({ body_en: '  Hi {{customer_name}}  ', offset_minutes: '60' });
    expect(errors).toEqual({});
    expect(body).toEqual({
      action: 'booking_created',
      channel: 'sms',
      receiver: 'customer',
      title_ar: '',
      title_en: '',
      body_ar: 'مرحبًا {{customer_name}}',
      body_en: 'Hi {{customer_name}}',
      offset_minutes: null,
      status: 'active',
    });
    expect(request({ action: 'booking_reminder', offset_minutes: '1440', active: false }).body).toMatchObject({ offset_minutes: 1440, status: 'inactive' });
  });

  it('needs both texts and a reminder’s time', () => {
    const { errors } = request({ action: 'booking_reminder', body_ar: ' ', body_en: '' });
    expect(errors).toEqual({ body_ar: 'bodyArRequired', body_en: 'bodyEnRequired', offset_minutes: 'offsetRequired' });
  });

  it('refuses unknown variables, naming them', () => {
    expect(request({ body_ar: 'مرحبًا {{nickname}} و{{ Customer Name }} {{nickname}}' }).errors.body_ar).toBe('unknownVariable:{{nickname}}, {{ Customer Name }}');
    expect(request({ channel: 'email', title_en: 'Your {{visit}}' }).errors.title_en).toBe('unknownVariable:{{visit}}');
    expect(request({ body_en: 'Hi {{ customer_name }} on {{date}} at {{time}}, #{{booking_number}}' }).errors).toEqual({});
  });

  it('leaves the lengths to the shared schema, in the UI language', () => {
    const long = 'x'.repeat(1001);
    expect(request({ body_en: long }).errors.body_en).toBeTruthy();
    expect(templateRequest(values({ body_en: long }), message, 'ar').errors.body_en).not.toBe(request({ body_en: long }).errors.body_en);
  });

  it('fills the form from a template and sends it back unchanged', () => {
    const template: NotificationTemplate = {
      id: 't1',
      action: 'booking_reminder',
      channel: 'email',
      receiver: 'staff',
      title_ar: 'تذكير',
      title_en: 'Reminder',
      body_ar: 'موعدك غدًا {{time}}',
      body_en: 'Your visit is at {{time}}',
      offset_minutes: 120,
      status: 'inactive',
      created_at: '2026-03-01T09:00:00.000Z',
    };
    const { body, errors } = templateRequest(templateValues(template), message, 'en');
    expect(errors).toEqual({});
    const { id: _id, created_at: _created, ...sent } = template;
    expect(body).toEqual(sent);
  });
});

describe('helpers', () => {
  it('lists the unknown variables once each', () => {
    expect(unknownVariables('{{a}} {{customer_name}} {{a}} {{}}')).toEqual(['{{a}}', '{{}}']);
    expect(unknownVariables('no variables')).toEqual([]);
  });

  it('inserts at the caret or over the selection', () => {
    expect(insertAt('Hi ', '{{customer_name}}', 3)).toEqual({ text: 'Hi {{customer_name}}', caret: 20 });
    expect(insertAt('Hi NAME!', '{{customer_name}}', 3, 7)).toEqual({ text: 'Hi {{customer_name}}!', caret: 20 });
    expect(insertAt('abc', 'X', 99)).toEqual({ text: 'abcX', caret: 4 });
  });

  it('says an offset in its largest whole unit', () => {
    expect(offsetParts(15)).toEqual({ unit: 'minutes', count: 15 });
    expect(offsetParts(90)).toEqual({ unit: 'minutes', count: 90 });
    expect(offsetParts(180)).toEqual({ unit: 'hours', count: 3 });
    expect(offsetParts(1440)).toEqual({ unit: 'days', count: 1 });
    expect(offsetParts(10080)).toEqual({ unit: 'days', count: 7 });
  });

  it('maps the API’s fields to the form’s', () => {
    expect(formField('status')).toBe('active');
    expect(formField('channel')).toBe('channel');
    expect(formField('plan_limit')).toBeNull();
  });
});

describe('the preview', () => {
  it('fills the variables with sample data in the text’s language, through the shared formatters', () => {
    const day = '2026-03-12';
    const en = sampleVariables('en', { timeFormat: '12', day });
    expect(renderTemplate('Hi {{customer_name}}, your {{service_name}} is on {{date}} at {{ time }} {{unknown}}', en)).toBe(
      `Hi Noura Al-Otaibi, your Cut and style is on ${formatDay(day, 'en')} at ${formatClock('16:30', 'en', '12')} `,
    );
    const ar = sampleVariables('ar', { timeFormat: '24', day, businessName: 'صالون لمسة' });
    expect(renderTemplate('{{customer_name}} – {{service_name}} – {{business_name}} – {{date}}', ar)).toBe(`نورة العتيبي – قص وتصفيف – صالون لمسة – ${formatDay(day, 'ar')}`);
    expect(sampleVariables('en', { timeFormat: '24', businessName: '  ' }).business_name).toBe('Al Ward Salon');
  });

  it('samples tomorrow', () => {
    expect(sampleDay(new Date(2026, 1, 28, 10))).toBe('2026-03-01');
  });
});
