import type { PushSubscriptionBody } from '@app/shared/schemas/channels';
import { and, eq } from 'drizzle-orm';
import { type Database, withTenant } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/notifications';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';

/**
 * The signed-in account's browsers for web push (spec §3 Notification, channel push): a browser
 * subscribes with the server's VAPID public key and hands its subscription here; push messages to
 * the account (receiver staff or user) go to each of them. One row per browser endpoint.
 */
export function createPushService({ db, config }: { db: Database; config: Config }) {
  const vapid = config.channels.vapid;
  return {
    config: () => ({ enabled: Boolean(vapid), public_key: vapid?.publicKey ?? null }),
    async subscribe(ctx: AuthContext, body: PushSubscriptionBody): Promise<void> {
      if (!vapid) throw new AppError(409, 'push_not_configured');
      await withTenant(db, ctx.tenantId, (tx) =>
        tx
          .insert(pushSubscriptions)
          .values({ tenantId: ctx.tenantId, userId: ctx.user.id, endpoint: body.endpoint, keys: body.keys })
          // The same browser again (or handed to another account on this computer): it now belongs to this one.
          .onConflictDoUpdate({ target: [pushSubscriptions.tenantId, pushSubscriptions.endpoint], set: { userId: ctx.user.id, keys: body.keys } }),
      );
    },
    async unsubscribe(ctx: AuthContext, endpoint: string): Promise<void> {
      await withTenant(db, ctx.tenantId, (tx) =>
        tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.tenantId, ctx.tenantId), eq(pushSubscriptions.userId, ctx.user.id), eq(pushSubscriptions.endpoint, endpoint))),
      );
    },
  };
}
