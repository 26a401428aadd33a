import { describe, expect, it } from 'vitest';
import { successPath } from '../api/subscription';
import { ACTIVE, checkout, PLANS, TRIAL_ENDED } from '../test-support';
import { defaultYearly, emptyPlanValues, planRequest, planValues } from './plan-form';
import { planAction, priceOf, subscriptionOutcome } from './subscription';

const byId = (id: string) => PLANS.find((p) => p.id === id) ?? PLANS[0]!;

describe('planAction', () => {
  it('subscribes without a paid plan, and compares monthly prices with one', () => {
    expect(planAction(byId('pro'), 'monthly', TRIAL_ENDED, PLANS)).toBe('subscribe');
    expect(planAction(byId('pro'), 'monthly', { ...ACTIVE, status_label: 'expired' }, PLANS)).toBe('subscribe');
    expect(planAction(byId('pro'), 'monthly', ACTIVE, PLANS)).toBe('current');
    expect(planAction(byId('pro'), 'yearly', ACTIVE, PLANS)).toBe('switchCycle');
    expect(planAction(byId('pro'), 'monthly', { ...ACTIVE, status_label: 'ending_soon' }, PLANS)).toBe('renew');
    expect(planAction(byId('basic'), 'monthly', ACTIVE, PLANS)).toBe('downgrade');
    expect(planAction(byId('business'), 'yearly', ACTIVE, PLANS)).toBe('upgrade');
  });

  it('reads a cycle’s price', () => {
    expect(priceOf(byId('pro'), 'yearly')).toBe(214920);
    expect(priceOf({ price: 100, prices: [] }, 'yearly')).toBe(1200);
  });
});

describe('the outcome pages’ query', () => {
  it('is the subscription’s with charge_id and plan, and round-trips a transfer', () => {
    const path = successPath({ ...checkout({ coupon: { code: 'SAVE20', type: 'percentage', value: 2000 }, discount: 3980 }), charge_id: 'ch1', status: 'awaiting_review', url: null });
    const outcome = subscriptionOutcome(new URLSearchParams(path.split('?')[1]));
    expect(outcome).toMatchObject({ chargeId: 'ch1', plan: 'pro', cycle: 'monthly', total: 22885, discount: 3980, coupon: 'SAVE20', transfer: true, currency: 'SAR' });
    expect(subscriptionOutcome(new URLSearchParams('business=x&amount=5'))).toBeNull();
    expect(subscriptionOutcome(new URLSearchParams('charge_id=c&plan=&cycle=&coupon='))).toMatchObject({ plan: null, cycle: null, coupon: null });
    expect(subscriptionOutcome(new URLSearchParams('charge_id=c&plan=p&total_amount=-3&cycle=weekly&coupon=<b>'))).toMatchObject({ total: null, cycle: null, coupon: null, transfer: false });
  });
});

describe('the plan form', () => {
  const filled = { ...emptyPlanValues(), slug: 'pro', name_ar: 'الاحترافية', name_en: 'Professional', monthly: '199', limits: { providers: '10', branches: '', users: '٥', bookings_per_month: '' } };

  it('sends riyals as halalas, an empty yearly as none (12 months less 10%) and empty limits as unlimited', () => {
    const { body, errors } = planRequest(filled, 'en');
    expect(errors).toEqual({});
    expect(body).toMatchObject({ slug: 'pro', monthly_amount: 19900, limits: { providers: 10, branches: null, users: 5, bookings_per_month: null } });
    expect('yearly_amount' in body).toBe(false);
    expect(planRequest({ ...filled, yearly: '2149.2' }, 'en').body.yearly_amount).toBe(214920);
    expect(defaultYearly(19900)).toBe(214920);
  });

  it('says what is wrong, by field', () => {
    const { errors } = planRequest({ ...filled, slug: 'Pro Plan', monthly: '', yearly: '1.234', limits: { ...filled.limits, branches: 'x' } }, 'en');
    expect(errors).toMatchObject({ monthly: 'This field is required', yearly: 'At most two decimal places', 'limits.branches': 'Must be a whole number' });
    expect(errors['slug']).toBeTruthy();
  });

  it('fills the form from a plan', () => {
    const values = planValues({ ...byId('pro'), active: true, sort: 2, subscribers: 4, descriptions: { ar: 'وصف', en: 'About' } }, 'en');
    expect(values).toMatchObject({ slug: 'pro', monthly: '199.00', yearly: '2149.20', description_ar: 'وصف', description_en: 'About', sort: 2 });
    expect(values.limits.providers).toBe('3');
  });
});
