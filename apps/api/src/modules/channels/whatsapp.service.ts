import type { WhatsappSession, WhatsappStatus } from '@app/shared/schemas/channels';
import { and, eq } from 'drizzle-orm';
import { type Database, type Tx, withTenant } from '../../db/client';
import { whatsappSessions } from '../../db/schema/notifications';
import { tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import type { WhatsappSessionAdapter } from '../../integrations/whatsapp/whatsapp-session';
import { clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import { channelsAvailable } from './channels';

type Row = typeof whatsappSessions.$inferSelect;

/**
 * The business's WhatsApp link by QR (spec §4): disconnected (the default) → generating (the
 * adapter opens a session) → scan (its QR shown until it expires) → connected (with the phone).
 * An expired QR goes back to disconnected; a new one is asked for with connect. `tenants.whatsapp_status`
 * follows every change in the same transaction (the sidebar's dot reads it, spec §2).
 */
export function createWhatsappService({ db, adapter }: { db: Database; adapter: WhatsappSessionAdapter }) {
  /** The QR links whoever scans it as the business's sender: shown only to those who may connect (settings.notifications), not to the log's readers. */
  const mayLink = (ctx: AuthContext) => ctx.user.isOwner || ctx.permissions.includes('settings.notifications');
  const view = (row: Row | undefined, showQr = true): WhatsappSession => ({
    status: (row?.status ?? 'disconnected') as WhatsappStatus,
    qr: row?.status === 'scan' && showQr ? row.qr : null,
    qr_expires_at: row?.status === 'scan' ? (row.qrExpiresAt?.toISOString() ?? null) : null,
    phone: row?.status === 'connected' ? row.phone : null,
    connected_at: row?.status === 'connected' ? (row.connectedAt?.toISOString() ?? null) : null,
    simulator: adapter.simulator,
    cloud_api: channelsAvailable().whatsappCloud,
  });

  async function read(tx: Tx, tenantId: string): Promise<Row | undefined> {
    const [row] = await tx.select().from(whatsappSessions).where(eq(whatsappSessions.tenantId, tenantId));
    return row;
  }

  /** Writes the session's state and the tenant's mirror of it. */
  async function save(tx: Tx, tenantId: string, status: WhatsappStatus, fields: Partial<Pick<Row, 'sessionRef' | 'qr' | 'qrExpiresAt' | 'phone' | 'connectedAt'>> = {}): Promise<Row> {
    const values = { status, sessionRef: null, qr: null, qrExpiresAt: null, phone: null, connectedAt: null, ...fields, updatedAt: clock.now() };
    const [row] = await tx
      .insert(whatsappSessions)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: whatsappSessions.tenantId, set: values })
      .returning();
    await tx.update(tenants).set({ whatsappStatus: status }).where(eq(tenants.id, tenantId));
    return row!;
  }

  const expired = (row: Row) => row.status === 'scan' && (!row.qrExpiresAt || row.qrExpiresAt.getTime() <= clock.nowMs());

  /** `GET whatsapp/session`: the state; a QR past its time ends the attempt, a real gateway is asked whether the phone scanned. */
  async function get(ctx: AuthContext): Promise<WhatsappSession> {
    const row = await withTenant(db, ctx.tenantId, (tx) => read(tx, ctx.tenantId));
    if (row?.status !== 'scan') return view(row);
    if (expired(row)) {
      if (row.sessionRef) await adapter.stop(row.sessionRef).catch(() => {});
      return view(await withTenant(db, ctx.tenantId, (tx) => save(tx, ctx.tenantId, 'disconnected')));
    }
    if (adapter.simulator || !row.sessionRef) return view(row, mayLink(ctx));
    const polled = await adapter.poll(row.sessionRef).catch(() => ({ status: 'scan' as const }));
    if (polled.status === 'scan') return view(row, mayLink(ctx));
    return view(
      await withTenant(db, ctx.tenantId, (tx) =>
        polled.status === 'connected' ? save(tx, ctx.tenantId, 'connected', { sessionRef: row.sessionRef, phone: polled.phone, connectedAt: clock.now() }) : save(tx, ctx.tenantId, 'disconnected'),
      ),
    );
  }

  /** `POST whatsapp/session/connect`: generating, then scan with a fresh QR; a connected link is left as it is. */
  async function connect(ctx: AuthContext): Promise<WhatsappSession> {
    const current = await withTenant(db, ctx.tenantId, (tx) => read(tx, ctx.tenantId));
    if (current?.status === 'connected') return view(current);
    if (current?.sessionRef) await adapter.stop(current.sessionRef).catch(() => {});
    await withTenant(db, ctx.tenantId, (tx) => save(tx, ctx.tenantId, 'generating'));
    let started: Awaited<ReturnType<WhatsappSessionAdapter['start']>>;
    try {
      started = await adapter.start(ctx.tenantId, clock.now());
    } catch {
      await withTenant(db, ctx.tenantId, (tx) => save(tx, ctx.tenantId, 'disconnected'));
      throw new AppError(502, 'whatsapp_qr_failed');
    }
    return view(await withTenant(db, ctx.tenantId, (tx) => save(tx, ctx.tenantId, 'scan', { sessionRef: started.sessionRef, qr: started.qr, qrExpiresAt: started.expiresAt })));
  }

  /** `POST whatsapp/session/disconnect`: the session ends, back to the default. */
  async function disconnect(ctx: AuthContext): Promise<WhatsappSession> {
    const current = await withTenant(db, ctx.tenantId, (tx) => read(tx, ctx.tenantId));
    if (current?.sessionRef) await adapter.stop(current.sessionRef).catch(() => {});
    return view(await withTenant(db, ctx.tenantId, (tx) => save(tx, ctx.tenantId, 'disconnected')));
  }

  /**
   * The simulator's scan (`POST whatsapp/session/simulate-scan`, registered only while the local
   * simulator is in use): a QR waiting to be scanned becomes a connected link with `phone` (the
   * owner's when not given).
   */
  async function simulateScan(ctx: AuthContext, phone: string | undefined): Promise<WhatsappSession> {
    if (!adapter.simulator) throw notFound();
    return withTenant(db, ctx.tenantId, async (tx) => {
      const row = await read(tx, ctx.tenantId);
      if (row?.status !== 'scan' || expired(row)) throw new AppError(409, 'whatsapp_not_scanning');
      const [owner] = await tx.select({ phone: users.phone }).from(users).where(and(eq(users.tenantId, ctx.tenantId), eq(users.isOwner, true))).limit(1);
      return view(await save(tx, ctx.tenantId, 'connected', { sessionRef: row.sessionRef, phone: phone ?? owner?.phone ?? ctx.user.phone ?? '+966500000000', connectedAt: clock.now() }));
    });
  }

  return { get, connect, disconnect, simulateScan };
}
