import { z } from 'zod';
import { NAME_MIN_EXCLUSIVE, PASSWORD_MIN } from '../constants';

/** Trimmed text; empty text counts as missing ("required"). */
export const text = (max = 255) => z.string().trim().min(1, { error: 'required', abort: true }).max(max);
/** A person's or business's name: required and more than 3 characters (spec §5). */
export const nameField = (max = 120) =>
  z
    .string()
    .trim()
    .min(1, { error: 'required', abort: true })
    .max(max)
    .refine((v) => v.length > NAME_MIN_EXCLUSIVE, 'name_min');
export const emailField = z.string().trim().min(1, { error: 'required', abort: true }).max(190).pipe(z.email('email')).transform((v) => v.toLowerCase());
export const passwordField = z.string().min(1, { error: 'required', abort: true }).min(PASSWORD_MIN, 'password_min').max(128);
export const slugField = z.string().trim().min(1, { error: 'required', abort: true }).max(120).regex(/^[A-Za-z0-9_-]+$/, 'slug');
export const timeField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');
export const uuidField = z.uuid('invalid');

export const messageSchema = z.object({ message: z.string() });
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  retry_after: z.number().optional(),
});

export const paginationMeta = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
