import { z } from 'zod';
import { EMPLOYEE_BANDS, FEATURES, OWNER_ROLES, SERVICE_TYPES, SUBDOMAIN_MAX, SUBDOMAIN_MIN, SYSTEM_TYPES } from '../constants';
import { toWallMinutes } from '../scheduling/zoned';
import { nameField, rangeEndMinutes, timeField } from './common';

/** Names a store may not take: they are ours, or they would confuse customers. */
export const RESERVED_SUBDOMAINS = [
  'www', 'api', 'app', 'admin', 'dashboard', 'mail', 'email', 'smtp', 'ftp', 'static', 'assets', 'cdn',
  'help', 'support', 'status', 'docs', 'blog', 'store', 'shop', 'login', 'signup', 'account', 'billing', 'pos', 'demo',
];

export const subdomainField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'required', abort: true })
  .refine((v) => new RegExp(`^[a-z]{${SUBDOMAIN_MIN},${SUBDOMAIN_MAX}}$`).test(v), 'subdomain')
  .refine((v) => !RESERVED_SUBDOMAINS.includes(v), 'subdomain_reserved');

export const tenantInfoBody = z.object({
  activity_name: nameField(),
  store_name: nameField(),
  subdomain: subdomainField,
});
export type TenantInfoBody = z.infer<typeof tenantInfoBody>;

export const suggestionQuery = z.object({
  subdomain: z.string().trim().max(60).optional(),
  name: z.string().trim().max(120).optional(),
});

export const tenantProfileBody = z.object({
  industries: z.array(z.number().int().positive()).min(1, 'min_items').max(10),
  system_type: z.enum(SYSTEM_TYPES, 'required'),
  service_types: z.array(z.enum(SERVICE_TYPES, 'invalid')).min(1, 'min_items'),
  features: z.array(z.enum(FEATURES, 'invalid')).max(FEATURES.length).default([]),
  owner_role: z.enum(OWNER_ROLES, 'required'),
  number_of_employees: z.enum(EMPLOYEE_BANDS, 'required'),
});
export type TenantProfileBody = z.infer<typeof tenantProfileBody>;

/** Duration choices of spec §9: 15 min … 4 h 45 min in 15-minute steps (0 is not a duration). */
export const durationField = z
  .number('number')
  .int('integer')
  .refine((v) => v > 0 && v <= 285 && v % 15 === 0, 'duration_step');

export const completeProfileBody = z
  .object({
    working_days: z.array(z.number().int().min(0).max(6)).min(1, 'min_items').max(7),
    opens_at: timeField.default('09:00'),
    closes_at: timeField.default('21:00'),
    service: z
      .object({
        name: nameField(),
        /** Price in the currency's minor units (halalas for SAR). */
        price: z.number('number').int('integer').gt(0).max(100_000_000),
        duration: durationField,
      })
      .optional(),
    provider: z.object({ name: nameField() }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.service && !v.provider) {
      ctx.addIssue({ code: 'custom', message: 'service_or_provider', path: ['service'] });
      ctx.addIssue({ code: 'custom', message: 'service_or_provider', path: ['provider'] });
    }
    // Closing before opening is a night (open past midnight, like the branch hours); the same time is not
    // a range, except 00:00–00:00 (open all day).
    if (rangeEndMinutes(v.opens_at, v.closes_at) <= toWallMinutes(v.opens_at)) ctx.addIssue({ code: 'custom', message: 'closes_after_opens', path: ['closes_at'] });
  });
export type CompleteProfileBody = z.infer<typeof completeProfileBody>;

export const industrySchema = z.object({ id: z.number(), slug: z.string(), name: z.string(), icon: z.string() });

export const onboardingStatusSchema = z.object({
  completed_level: z.number(),
  profile_completed: z.boolean(),
  skipped: z.boolean(),
  tenant_info: z.object({ activity_name: z.string().nullable(), store_name: z.string().nullable(), subdomain: z.string().nullable() }),
  tenant_profile: z.object({
    industries: z.array(z.number()),
    system_type: z.string().nullable(),
    service_types: z.array(z.string()),
    features: z.array(z.string()),
    owner_role: z.string().nullable(),
    number_of_employees: z.string().nullable(),
  }),
  complete_profile: z.object({
    working_days: z.array(z.number()),
    opens_at: z.string().nullable(),
    closes_at: z.string().nullable(),
    services_count: z.number(),
    providers_count: z.number(),
  }),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;
