import { describe, expect, it } from 'vitest';
import { audienceOf, type CampaignFormValues, campaignRequest, emptyCampaignValues, formField, fromWall, renderCampaign, toWall } from './campaign-form';

const TAG = '0b6e1c1e-0000-4000-8000-000000000009';
const message = (key: string) => `err:${key}`;
const NOW = Date.parse('2026-03-01T09:00:00.000Z');
const opts = (draft = false) => ({ draft, currency: 'SAR', zone: 'Asia/Riyadh', locale: 'en' as const, message, now: NOW });
const values = (over: Partial<CampaignFormValues> = {}): CampaignFormValues => ({ ...emptyCampaignValues(), name: 'Eid offer', content: 'Hello {{customer_name}}', ...over });

describe('campaign form', () => {
  it('builds the body: money in halalas, days as numbers, empty bounds as none, a send-now campaign saved as a draft first', () => {
    const { body, errors } = campaignRequest(values({ tag_ids: [TAG], last_visit_from: '30', min_spent: '100.5', max_spent: '' }), opts());
    expect(errors).toEqual({});
    expect(body).toEqual({
      name: 'Eid offer',
      channel: 'sms',
      title: null,
      content: 'Hello {{customer_name}}',
      audience: { tag_ids: [TAG], service_ids: [], last_visit_from: 30, last_visit_to: null, min_spent: 10050, max_spent: null },
      scheduled_at: null,
      status: 'draft',
    });
  });

  it('schedules on the business clock: 20:00 in Riyadh is 17:00 UTC', () => {
    const { body, errors } = campaignRequest(values({ when: 'later', scheduled_at: '2026-03-02T20:00' }), opts());
    expect(errors).toEqual({});
    expect(body).toMatchObject({ status: 'scheduled', scheduled_at: '2026-03-02T17:00:00.000Z' });
    expect(toWall('2026-03-02T17:00:00.000Z', 'Asia/Riyadh')).toBe('2026-03-02T20:00');
    expect(fromWall('2026-03-02T20:00', 'Asia/Riyadh')).toBe('2026-03-02T17:00:00.000Z');
  });

  it('refuses a past time, bounds out of order, bad numbers, unknown variables and an e-mail without its subject', () => {
    const { errors } = campaignRequest(
      values({ when: 'later', scheduled_at: '2026-03-01T10:00', last_visit_from: '30', last_visit_to: '10', min_spent: '50', max_spent: '20', channel: 'email', content: 'Hi {{nickname}}' }),
      opts(),
    );
    expect(errors).toMatchObject({ scheduled_at: 'err:future', last_visit_to: 'err:range', max_spent: 'err:range', title: expect.any(String), content: expect.any(String) });
    expect(campaignRequest(values({ last_visit_from: 'abc', min_spent: 'x' }), opts()).errors).toMatchObject({ last_visit_from: 'err:days', min_spent: 'err:money' });
    expect(campaignRequest(values({ when: 'later' }), opts()).errors).toEqual({ scheduled_at: 'err:timeRequired' });
    // A draft may leave the time for later.
    expect(campaignRequest(values({ when: 'later' }), opts(true)).errors).toEqual({});
  });

  it('counts what can be read of the audience, maps server fields, fills the preview', () => {
    expect(audienceOf(values({ last_visit_from: 'x', max_spent: '20' }), 'SAR')).toEqual({ tag_ids: [], service_ids: [], last_visit_from: null, last_visit_to: null, min_spent: null, max_spent: 2000 });
    expect(formField('audience.min_spent')).toBe('min_spent');
    expect(formField('audience.tag_ids.0')).toBe('tag_ids');
    expect(formField('status')).toBeUndefined();
    expect(renderCampaign('Hi {{customer_name}} from {{ business_name }}', { customer_name: 'Sara', business_name: 'Lamsa' })).toBe('Hi Sara from Lamsa');
  });
});
