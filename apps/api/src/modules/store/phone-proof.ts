import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { storeOtps } from '../../db/schema/store';
import { clock } from '../../lib/clock';
import { fieldError } from '../../lib/errors';
import { readLinkToken } from '../../lib/signed-links';

/**
 * The store's phone proof (issue 19): `/store/:subdomain/otp/verify` answers a signed token (purpose
 * phone-proof) naming the business and the store_otps row whose code was confirmed. Where the store
 * asks for a confirmed phone (`require_phone_otp`), a write checks the token (signed, unexpired, this
 * business's) and then, in its transaction, that the row was confirmed for the very phone of the form.
 */

export const phoneNotVerified = () => fieldError('phone_proof', 'phone_not_verified');

/** The store_otps row a phone proof names: 422 `phone_proof` phone_not_verified when missing, forged, expired or another business's. */
export function phoneProofId(proof: string | null | undefined, tenantId: string, now: Date = clock.now()): string {
  if (!proof) throw phoneNotVerified();
  const read = readLinkToken('phone-proof', proof, now);
  if (typeof read === 'string' || read.tenantId !== tenantId) throw phoneNotVerified();
  return read.id;
}

/** The proof's code was confirmed for `phone` (E.164), else 422 phone_not_verified. In the caller's transaction. */
export async function assertPhoneProven(tx: Tx, tenantId: string, proofId: string, phone: string): Promise<void> {
  const [otp] = await tx
    .select({ phone: storeOtps.phone, verifiedAt: storeOtps.verifiedAt })
    .from(storeOtps)
    .where(and(eq(storeOtps.tenantId, tenantId), eq(storeOtps.id, proofId)));
  if (!otp?.verifiedAt || otp.phone !== phone) throw phoneNotVerified();
}
