import { z } from 'zod';
import { LOCALES } from '../constants';
import { normalizePhone, PHONE_COUNTRY_CODES } from '../phone';
import { emailField, nameField, passwordField } from './common';

const phoneCountry = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => PHONE_COUNTRY_CODES.includes(v), 'invalid');

/** Adds a "phone" issue when the number is not a mobile number of its country. */
function checkPhone(v: { phone?: string | undefined; phone_country?: string | undefined }, ctx: z.RefinementCtx) {
  if (v.phone && v.phone_country && !normalizePhone(v.phone, v.phone_country)) {
    ctx.addIssue({ code: 'custom', message: 'phone', path: ['phone'] });
  }
}

function checkConfirmed(v: { password: string; password_confirmation: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', message: 'confirmed', path: ['password_confirmation'] });
  }
}

export const registerBody = z
  .object({
    name: nameField(),
    email: emailField,
    phone: z.string().trim().min(1, { error: 'required', abort: true }).max(32),
    phone_country: phoneCountry.default('SA'),
    password: passwordField,
    password_confirmation: z.string().min(1, { error: 'required', abort: true }),
    locale: z.enum(LOCALES).optional(),
  })
  .superRefine(checkPhone)
  .superRefine(checkConfirmed);
export type RegisterBody = z.infer<typeof registerBody>;

/** Sign in with an e-mail or a phone (with its country) and the password. */
export const loginBody = z
  .object({
    email: z.string().trim().max(190).optional(),
    phone: z.string().trim().max(32).optional(),
    phone_country: phoneCountry.default('SA'),
    password: z.string().min(1, { error: 'required', abort: true }).max(128),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) {
      ctx.addIssue({ code: 'custom', message: 'email_or_phone', path: ['email'] });
      ctx.addIssue({ code: 'custom', message: 'email_or_phone', path: ['phone'] });
    }
  });
export type LoginBody = z.infer<typeof loginBody>;

export const verifyOtpBody = z.object({ code: z.string().trim().regex(/^\d{4}$/, 'otp') });
export const resendOtpBody = z.object({ email: z.string().optional() });
export const emailBody = z.object({ email: emailField });
export const verifyEmailBody = z.object({ token: z.string().min(1, { error: 'required', abort: true }).max(200) });
export const forgotPasswordBody = z.object({ email: emailField });
export const unlockAccountBody = z.object({ token: z.string().min(1, { error: 'required', abort: true }).max(200) });
export const resetPasswordBody = z
  .object({
    email: emailField,
    token: z.string().min(1, { error: 'required', abort: true }).max(200),
    password: passwordField,
    password_confirmation: z.string().min(1, { error: 'required', abort: true }),
  })
  .superRefine(checkConfirmed);
export const updatePasswordBody = z
  .object({
    current_password: z.string().min(1, { error: 'required', abort: true }).max(128),
    password: passwordField,
    password_confirmation: z.string().min(1, { error: 'required', abort: true }),
  })
  .superRefine(checkConfirmed);
export const changeEmailBody = z.object({ new_email: emailField, current_password: z.string().min(1, { error: 'required', abort: true }).max(128) });
export const updateLocaleBody = z.object({ locale: z.enum(LOCALES, 'invalid'), _method: z.literal('PUT').optional() });
export const updateProfileFields = z.object({ name: nameField(), remove_photo: z.enum(['0', '1', 'true', 'false']).optional() });

export const tenantSchema = z.object({
  uuid: z.string(),
  name: z.string().nullable(),
  logo: z.string().nullable(),
  currency: z.string(),
  timezone: z.string(),
  /** 12 or 24 hour clock; 0 Sunday … 6 Saturday; ISO country (settings → general). */
  time_format: z.enum(['12', '24']),
  start_of_week: z.number(),
  country: z.string(),
  booking_page: z.object({ subdomain: z.string().nullable(), full_domain: z.string().nullable() }),
  plugins: z.array(z.string()),
  whatsapp_enabled: z.boolean(),
  whatsapp_status: z.string(),
  subscription: z
    .object({
      plan: z.string().nullable(),
      status: z.string().nullable(),
      start_at: z.string().nullable(),
      ends_at: z.string().nullable(),
      show_renew_message: z.boolean(),
    })
    .nullable(),
  onTrial: z.boolean(),
  trail_ends_at: z.string().nullable(),
  trial_days_left: z.number(),
  /** The business may still extend its free trial once (no subscription status, not extended yet). */
  trial_extendable: z.boolean(),
  onboarding: z.object({
    completed_level: z.number(),
    tenant_type: z.string().nullable(),
    tenant_benefits: z.array(z.string()),
    number_of_employees: z.string().nullable(),
    tenant_creator_role: z.string().nullable(),
    service_types: z.array(z.string()),
    skipped: z.boolean(),
  }),
  industry: z.array(z.object({ id: z.number(), slug: z.string(), name: z.string() })),
});

export const userInfoSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  name: z.string(),
  profile_photo: z.string().nullable(),
  /** Invited staff accounts have no phone; `phone_verified` is then true (nothing to verify). */
  phone: z.string().nullable(),
  phone_country: z.string(),
  phone_verified: z.boolean(),
  lang: z.enum(LOCALES),
  role: z.array(z.object({ uuid: z.string(), slug: z.string(), name: z.string() })),
  created_at: z.string(),
  teams: z.array(z.object({ uuid: z.string(), name: z.string(), location: z.unknown().nullable() })),
  /** The branch the top bar's switch scopes lists to; null means every branch the user may see. */
  current_branch: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  is_owner: z.boolean(),
  profile_completed: z.boolean(),
  email_verified: z.boolean(),
  can_imp: z.boolean(),
  is_imp: z.boolean(),
  permissions: z.array(z.string()),
  type: z.string(),
  tenant: tenantSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;
export type TenantInfo = z.infer<typeof tenantSchema>;

export const authResult = z.object({ data: z.object({ user: userInfoSchema, token: z.string() }) });
