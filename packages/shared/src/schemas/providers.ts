import { z } from 'zod';
import { nameField, optionalText, uuidField, workingHoursField } from './common';
import { hexColorField } from './settings';

/** single: one provider per booking; multiple: several providers in one booking; team: the provider's team. */
export const ASSIGNMENT_TYPES = ['single', 'multiple', 'team'] as const;
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];
/** Commission plugin: a percentage (basis points, 1000 = 10 %) or a fixed amount (minor units). */
export const COMMISSION_TYPES = ['percentage', 'fixed'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];
export const CLIENTS_IN_SAME_TIME_MAX = 50;
/** 100 % in basis points. */
export const PERCENT_BASIS_POINTS_MAX = 10_000;

/** A calendar date, `YYYY-MM-DD`, that exists. */
export const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'date');

/**
 * A provider (spec §3 Staff/provider). On an update, `branch_id`, `user_id`, `service_ids` and
 * `working_hours` left out stay as they are; on a create the first three default to none and the
 * working hours to its branch's (the main branch's without one; see `providerDefaultHoursQuery`).
 * The commission fields count only when the business has the commission plugin (the API drops them
 * otherwise).
 */
export const providerBody = z
  .object({
    name: nameField(),
    label: optionalText(120).nullable().optional(),
    commission_type: z.enum(COMMISSION_TYPES, 'invalid').nullable().optional(),
    commission_value: z.number('number').int('integer').min(0, 'gte').max(1_000_000_000_000, 'lte').optional(),
    clients_in_same_time: z.number('number').int('integer').min(1, 'gte').max(CLIENTS_IN_SAME_TIME_MAX, 'lte').default(1),
    assignment_type: z.enum(ASSIGNMENT_TYPES, 'invalid').default('single'),
    working_hours: workingHoursField.optional(),
    branch_id: uuidField.nullable().optional(),
    user_id: uuidField.nullable().optional(),
    service_ids: z.array(uuidField).max(500, 'max_items').optional(),
    /** The staff-calendar colour (#RRGGBB); left out on a create: the next palette colour. */
    color: hexColorField.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.commission_type === 'percentage' && (v.commission_value ?? 0) > PERCENT_BASIS_POINTS_MAX) {
      ctx.addIssue({ code: 'too_big', maximum: PERCENT_BASIS_POINTS_MAX, origin: 'number', inclusive: true, message: 'lte', path: ['commission_value'], input: v.commission_value });
    }
  });
export type ProviderBody = z.input<typeof providerBody>;
export type ProviderBodyParsed = z.infer<typeof providerBody>;

export const providersQuery = z.object({
  search: optionalText(100).optional(),
  branch_id: uuidField.optional(),
});
export type ProvidersQuery = z.infer<typeof providersQuery>;

/**
 * `GET providers/default-hours`: the working hours a new provider of that branch starts with when
 * created without any — the branch's; without `branch_id`, the main branch's.
 */
export const providerDefaultHoursQuery = z.object({ branch_id: uuidField.optional() });
export type ProviderDefaultHoursQuery = z.infer<typeof providerDefaultHoursQuery>;
export const providerDefaultHoursSchema = z.object({ working_hours: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))) });
export type ProviderDefaultHours = z.infer<typeof providerDefaultHoursSchema>;

const ref = z.object({ uuid: z.string(), name: z.string() });

export const providerSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  label: z.string().nullable(),
  branch_id: z.string().nullable(),
  branch: ref.nullable(),
  user_id: z.string().nullable(),
  user: z.object({ uuid: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  commission_type: z.enum(COMMISSION_TYPES).nullable(),
  commission_value: z.number(),
  clients_in_same_time: z.number(),
  assignment_type: z.enum(ASSIGNMENT_TYPES),
  color: z.string(),
  working_hours: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
  service_ids: z.array(z.string()),
  services: z.array(ref),
  services_count: z.number(),
  created_at: z.string(),
});
export type Provider = z.infer<typeof providerSchema>;

/** A day off or a holiday: local dates, both inclusive. */
export const timeOffBody = z
  .object({
    start_date: dateField,
    end_date: dateField,
    note: optionalText(500).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date) ctx.addIssue({ code: 'custom', message: 'date_range', path: ['end_date'] });
  });
export type TimeOffBody = z.input<typeof timeOffBody>;

export const timeOffSchema = z.object({
  uuid: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

export const timeOffParams = z.object({ id: uuidField, timeOffId: uuidField });
