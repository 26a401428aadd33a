import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { encodePng } from '../../lib/png';

/** Tests only: real images of a chosen size, made here (no binary fixtures in the repository). */

/**
 * A valid RGB PNG of `width`×`height`: one colour, or random pixels (`noise`, which deflate cannot
 * shrink, so the file is about width×height×3 bytes).
 */
export function png(width: number, height: number, opts: { noise?: boolean } = {}): Buffer {
  const pixels = width * height * 3;
  return encodePng(width, height, opts.noise ? randomBytes(pixels) : Buffer.alloc(pixels, 0x7f));
}

/** The header of a baseline JPEG (SOI, JFIF APP0, a quantization table, SOF0 with the size, then SOS). */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const dqt = Buffer.concat([Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]), Buffer.alloc(64, 1)]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, dqt, sof, sos, Buffer.alloc(32, 0x55), Buffer.from([0xff, 0xd9])]);
}

/** The first bytes of a lossy (VP8), lossless (VP8L) or extended (VP8X) WEBP of that size. */
export function webpHeader(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  const head = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x40, 0, 0, 0]), Buffer.from('WEBP'), Buffer.from(kind, 'latin1'), Buffer.from([0x20, 0, 0, 0])]);
  const body = Buffer.alloc(24);
  if (kind === 'VP8 ') {
    body.set([0x9d, 0x01, 0x2a], 3);
    body.writeUInt16LE(width, 6);
    body.writeUInt16LE(height, 8);
  } else if (kind === 'VP8L') {
    body[0] = 0x2f;
    body.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  } else {
    body.writeUIntLE(width - 1, 4, 3);
    body.writeUIntLE(height - 1, 7, 3);
  }
  return Buffer.concat([head, body]);
}

/** Sets some of a business's store settings (columns by their SQL names), creating its row if it has none. */
export function setStoreSettings(db: Database, tenantId: string, values: Record<string, unknown>) {
  const cols = Object.keys(values);
  return db.execute(
    sql`insert into store_settings (tenant_id, ${sql.raw(cols.join(', '))}) values (${tenantId}, ${sql.join(
      cols.map((c) => sql`${values[c]}`),
      sql`, `,
    )}) on conflict (tenant_id) do update set ${sql.raw(cols.map((c) => `${c} = excluded.${c}`).join(', '))}`,
  );
}
