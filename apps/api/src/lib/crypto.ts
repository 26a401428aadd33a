import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** A numeric code of `length` digits, uniformly drawn. */
export const randomDigits = (length: number) =>
  Array.from({ length }, () => String(randomInt(0, 10))).join('');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** argon2id with the library's defaults (m=19 MiB, t=2), OWASP's recommendation. */
export const hashPassword = (password: string) => hash(password);
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
