import type { Locale } from '@app/shared/constants';
import { PLAN_LIMITS, type PlanLimit, planBody, YEARLY_DISCOUNT_BPS } from '@app/shared/schemas/subscription';
import { messageFor } from '@app/shared/validation';
import { minorToInput, toMinorUnits } from '@/lib/format';
import { zodErrors } from '@/lib/zod-errors';
import type { OperatorPlan, PlanBody } from '../api/operator';

/** The plan form as typed: amounts in riyals, limits as text (empty: no limit), yearly empty: 12 months less 10%. */
export type PlanFormValues = {
  slug: string;
  name_ar: string;
  name_en: string;
  description_ar: string;
  description_en: string;
  monthly: string;
  yearly: string;
  limits: Record<PlanLimit, string>;
  features: string[];
  plugins: string[];
  recommended: boolean;
  active: boolean;
  sort: number | string;
};

export const PLAN_PLUGINS = ['pos', 'commission', 'packages', 'boundaries'] as const;

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** "١٩٩٫٥" / "199,5" → "199.5" (an Arabic keyboard's digits and separator). */
export const normalize = (text: string) =>
  text
    .trim()
    .replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/[\u066B,]/g, '.')
    .replace(/[\u066C\s]/g, '');

export function emptyPlanValues(): PlanFormValues {
  return {
    slug: '',
    name_ar: '',
    name_en: '',
    description_ar: '',
    description_en: '',
    monthly: '',
    yearly: '',
    limits: { providers: '', branches: '', users: '', bookings_per_month: '' },
    features: [],
    plugins: [],
    recommended: false,
    active: true,
    sort: 0,
  };
}

/** An existing plan in the form (its description in the other language only when the API sends both). */
export function planValues(plan: OperatorPlan, locale: Locale): PlanFormValues {
  const amount = (cycle: 'monthly' | 'yearly') => plan.prices.find((p) => p.billing_cycle === cycle)?.amount;
  const monthly = amount('monthly') ?? plan.price;
  const yearly = amount('yearly');
  const descriptions = plan.descriptions ?? { ar: locale === 'ar' ? plan.description : '', en: locale === 'en' ? plan.description : '' };
  return {
    slug: plan.id,
    name_ar: plan.names.ar,
    name_en: plan.names.en,
    description_ar: descriptions.ar,
    description_en: descriptions.en,
    monthly: minorToInput(monthly, plan.currency),
    yearly: yearly === undefined ? '' : minorToInput(yearly, plan.currency),
    limits: Object.fromEntries(PLAN_LIMITS.map((k) => [k, plan.limits[k] === null ? '' : String(plan.limits[k])])) as Record<PlanLimit, string>,
    features: [...plan.features],
    plugins: [...plan.plugins],
    recommended: plan.recommended,
    active: plan.active,
    sort: plan.sort,
  };
}

/** The default yearly price for a monthly one: 12 months less YEARLY_DISCOUNT_BPS. */
export const defaultYearly = (monthlyMinor: number) => Math.round((monthlyMinor * 12 * (10_000 - YEARLY_DISCOUNT_BPS)) / 10_000);

type Parsed = { body: PlanBody; errors: Record<string, string> };

/** The form → `planBody` (minor units, null limits), with the errors by form field. */
export function planRequest(values: PlanFormValues, locale: Locale, currency = 'SAR'): Parsed {
  const errors: Record<string, string> = {};
  const money = (field: 'monthly' | 'yearly', text: string): number | undefined => {
    const s = normalize(text);
    if (s === '') {
      if (field === 'monthly') errors[field] = messageFor('required', locale);
      return undefined;
    }
    if (!/^\d+(\.\d+)?$/.test(s)) {
      errors[field] = messageFor('number', locale);
      return undefined;
    }
    const minor = toMinorUnits(s, currency);
    if (minor === null) {
      errors[field] = messageFor('two_decimals', locale);
      return undefined;
    }
    return minor;
  };
  const limits = {} as Record<PlanLimit, number | null>;
  for (const key of PLAN_LIMITS) {
    const s = normalize(values.limits[key]);
    if (s === '') limits[key] = null;
    else if (/^\d+$/.test(s)) limits[key] = Number(s);
    else {
      limits[key] = null;
      errors[`limits.${key}`] = messageFor('integer', locale);
    }
  }
  const monthly = money('monthly', values.monthly);
  const yearly = money('yearly', values.yearly);
  const body: PlanBody = {
    slug: values.slug.trim(),
    name_ar: values.name_ar.trim(),
    name_en: values.name_en.trim(),
    description_ar: values.description_ar.trim(),
    description_en: values.description_en.trim(),
    monthly_amount: monthly ?? 0,
    ...(yearly === undefined ? {} : { yearly_amount: yearly }),
    limits,
    features: values.features.map((f) => f.trim()).filter(Boolean),
    plugins: values.plugins as PlanBody['plugins'],
    recommended: values.recommended,
    active: values.active,
    sort: Number(values.sort) || 0,
  };
  const rename: Record<string, string> = { monthly_amount: 'monthly', yearly_amount: 'yearly' };
  for (const [field, message] of Object.entries(zodErrors(planBody, body, locale))) {
    const target = rename[field] ?? field;
    errors[target] ??= message;
  }
  return { body, errors };
}
