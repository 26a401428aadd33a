import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type StorageAdapter = {
  /** Stores bytes under `key` (e.g. avatars/<uuid>.png) and returns the public URL path. */
  put(key: string, bytes: Buffer): Promise<string>;
  remove(url: string): Promise<void>;
  /** The bytes stored at a URL path `put` returned, or null. */
  read(url: string): Promise<Buffer | null>;
};

/** Stored files under these prefixes are private: never served as static files, only through an authorized route. */
export const PRIVATE_UPLOAD_PREFIXES = ['/uploads/customers/', '/uploads/receipts/', '/uploads/orders/'];

/** Local disk under ./data/uploads, served at /uploads. */
export function localStorage(root: string): StorageAdapter {
  return {
    async put(key, bytes) {
      const file = path.join(root, key);
      if (!file.startsWith(root + path.sep)) throw new Error('bad storage key');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      return `/uploads/${key}`;
    },
    async read(url) {
      if (!url.startsWith('/uploads/')) return null;
      const file = path.join(root, url.slice('/uploads/'.length));
      if (!file.startsWith(root + path.sep)) return null;
      return readFile(file).catch(() => null);
    },
    async remove(url) {
      if (!url.startsWith('/uploads/')) return;
      const file = path.join(root, url.slice('/uploads/'.length));
      if (!file.startsWith(root + path.sep)) return;
      await unlink(file).catch(() => {});
    },
  };
}

/** The image types we accept, told by their first bytes, never by the client's word. */
export function sniffImage(bytes: Buffer): { mime: string; ext: string } | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' };
  if (bytes.length >= 6 && (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a')) return { mime: 'image/gif', ext: 'gif' };
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  return null;
}
