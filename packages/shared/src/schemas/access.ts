import { z } from 'zod';
import { BRANCH_TYPES, IMPERSONATION_REASON_MAX, INVITATION_STATUSES, PASSCODE_MAX, PASSCODE_MIN, PLUGINS, SUPERVISOR_STATUSES, USER_STATUSES, USER_TYPES } from '../constants';
import { isPermissionKey } from '../permissions';
import { emailField, nameField, nameText, optionalText, paginationMeta, passwordField, text, timezoneField, uuidField, workingHoursField } from './common';

/**
 * Access control (spec §3 User, Branch/team, Provider team, Supervisor, Plugin; §6 roles): the
 * request bodies the API validates and the web forms reuse, and the shapes the API answers with.
 */

const required = { error: 'required', abort: true } as const;
const uuidList = z.array(uuidField).max(200).default([]);

// ---------------------------------------------------------------- roles

export const roleBody = z.object({
  name: nameField(60),
  permissions: z
    .array(z.string().max(80).refine(isPermissionKey, 'invalid'))
    .min(1, 'permissions_required')
    .max(200)
    .transform((keys) => [...new Set(keys)]),
});
export type RoleBody = z.infer<typeof roleBody>;

export const roleSchema = z.object({
  uuid: z.string(),
  slug: z.string(),
  name: z.string(),
  is_default: z.boolean(),
  permissions: z.array(z.string()),
  users_count: z.number(),
  created_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

// ---------------------------------------------------------------- users and invitations

const passcodeField = z.string().trim().min(1, required).regex(new RegExp(`^\\d{${PASSCODE_MIN},${PASSCODE_MAX}}$`), 'passcode');

export const staffUserSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  type: z.enum(USER_TYPES),
  status: z.enum(USER_STATUSES),
  is_owner: z.boolean(),
  role: z.object({ uuid: z.string(), slug: z.string(), name: z.string() }).nullable(),
  branches: z.array(z.object({ uuid: z.string(), name: z.string() })),
  /** Works in every branch (none chosen, or the owner); otherwise only in `branches`. */
  all_branches: z.boolean(),
  provider: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  app_access: z.boolean(),
  has_passcode: z.boolean(),
  last_active_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const usersQuery = z.object({
  page: z.coerce.number().int('integer').min(1, 'gte').max(100_000).default(1),
  per_page: z.coerce.number().int('integer').min(1, 'gte').max(100, 'lte').default(25),
  search: optionalText(100).optional(),
  status: z.enum(USER_STATUSES, 'invalid').optional(),
  type: z.enum(USER_TYPES, 'invalid').optional(),
  role_id: uuidField.optional(),
  branch_id: uuidField.optional(),
});
export type UsersQuery = z.infer<typeof usersQuery>;

export const usersPage = z.object({ data: z.array(staffUserSchema), meta: paginationMeta });

/** Edits a staff account: name, role, branches; a POS account's passcode. */
export const updateUserBody = z.object({
  name: nameField().optional(),
  role_id: uuidField.nullable().optional(),
  branch_ids: z.array(uuidField).max(200).optional(),
  passcode: passcodeField.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** A POS (cashier-device) account: it signs in with its e-mail and passcode, on the cashier only. */
export const createPosUserBody = z.object({
  name: nameField(),
  email: emailField,
  passcode: passcodeField,
  branch_ids: z.array(uuidField).min(1, 'min_items').max(200),
  role_id: uuidField.nullable().optional(),
});
export type CreatePosUserBody = z.infer<typeof createPosUserBody>;

export const appAccessBody = z.object({ enabled: z.boolean('boolean') });
/** Convert to provider: link this unlinked provider row, or (without it) the account's own or a new one. */
export const convertToProviderBody = z.object({ provider_id: uuidField.nullable().optional() });
export type ConvertToProviderBody = z.infer<typeof convertToProviderBody>;
export const passwordConfirmBody = z.object({ password: z.string().min(1, required).max(128) });

export const invitationBody = z.object({
  email: emailField,
  name: nameField().optional(),
  role_id: uuidField,
  branch_ids: uuidList,
});
export type InvitationBody = z.infer<typeof invitationBody>;

export const invitationSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  branches: z.array(z.object({ uuid: z.string(), name: z.string() })),
  status: z.enum(INVITATION_STATUSES),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What the accept screen shows before the invited person sets a password. */
export const invitationPreview = z.object({
  email: z.string(),
  name: z.string().nullable(),
  business: z.string().nullable(),
  role: z.string().nullable(),
});

export const acceptInvitationBody = z
  .object({
    token: z.string().min(1, required).max(200),
    name: nameField(),
    password: passwordField,
    password_confirmation: z.string().min(1, required),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.password_confirmation) ctx.addIssue({ code: 'custom', message: 'confirmed', path: ['password_confirmation'] });
  });
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

export const posLoginBody = z.object({ email: emailField, passcode: passcodeField });

// ---------------------------------------------------------------- impersonation and branch switch

export const impersonateBody = z.object({ email: emailField, reason: text(IMPERSONATION_REASON_MAX) });
/** Start and stop of an impersonation: the token to use from now on. */
export const impersonationResult = z.object({ message: z.string(), data: z.object({ token: z.string() }) });
export const currentBranchBody = z.object({ branch_id: uuidField.nullable() });

// ---------------------------------------------------------------- branches

export const locationField = z.object({
  lat: z.number('number').min(-90, 'latitude').max(90, 'latitude'),
  lng: z.number('number').min(-180, 'longitude').max(180, 'longitude'),
});

export const branchBody = z.object({
  name: nameField(),
  type: z.enum(BRANCH_TYPES, 'invalid').default('on-site'),
  address: optionalText(500).nullable().optional(),
  location: locationField.nullable().optional(),
  timezone: timezoneField.default('Asia/Riyadh'),
  working_hours: workingHoursField.default({}),
});
export type BranchBody = z.infer<typeof branchBody>;

export const branchSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  type: z.enum(BRANCH_TYPES),
  address: z.string().nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  timezone: z.string(),
  working_hours: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
  is_main: z.boolean(),
  users_count: z.number(),
  created_at: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;

// ---------------------------------------------------------------- provider teams and supervisors

export const teamBody = z.object({ title: nameText(120), provider_ids: uuidList });
export type TeamBody = z.infer<typeof teamBody>;
export const teamSchema = z.object({
  uuid: z.string(),
  title: z.string(),
  providers: z.array(z.object({ uuid: z.string(), name: z.string() })),
  created_at: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

export const supervisorBody = z.object({
  name: nameField(),
  email: emailField,
  team_id: uuidField.nullable().default(null),
  status: z.enum(SUPERVISOR_STATUSES, 'invalid').default('active'),
});
export type SupervisorBody = z.infer<typeof supervisorBody>;
export const supervisorSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  team: z.object({ uuid: z.string(), title: z.string() }).nullable(),
  staff_count: z.number(),
  status: z.enum(SUPERVISOR_STATUSES),
  created_at: z.string(),
});
export type Supervisor = z.infer<typeof supervisorSchema>;

// ---------------------------------------------------------------- plugins

export const pluginSlugParam = z.object({ id: z.enum(PLUGINS, 'invalid') });
export const pluginSchema = z.object({
  id: z.enum(PLUGINS),
  slug: z.enum(PLUGINS),
  name: z.string(),
  description: z.string(),
  installed: z.boolean(),
});
export type Plugin = z.infer<typeof pluginSchema>;

export const idParam = z.object({ id: uuidField });
