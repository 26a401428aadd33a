import type { Locale } from '@app/shared/constants';
import { loginBody } from '@app/shared/schemas/auth';
import { guessPhoneCountry } from '@/lib/phone-country';
import { zodErrors } from '@/lib/zod-errors';
import type { LoginInput } from '../api/login';

/** What the sign-in form holds: one box for an e-mail or a phone, and the password. */
export type LoginValues = { email: string; password: string };

/** One box takes an e-mail or a phone: with an @ it is sent as `email`, otherwise as `phone`. */
export function toLoginInput(v: LoginValues): LoginInput {
  const id = v.email.trim();
  const phone_country = guessPhoneCountry(id);
  return id.includes('@') ? { email: id, phone_country, password: v.password } : { phone: id || undefined, phone_country, password: v.password };
}

/** The shared schema's messages for the form, a phone's shown under the one box. */
export function loginErrors(v: LoginValues, locale: Locale): Record<string, string> {
  const { phone, ...rest } = zodErrors(loginBody, toLoginInput(v), locale);
  return phone && !rest.email ? { ...rest, email: phone } : rest;
}
