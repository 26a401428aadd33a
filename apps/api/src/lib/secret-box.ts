import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Secrets at rest (e-invoicing private keys, certificate secrets): AES-256-GCM under a key from the
 * environment (`SECRET_KEY`). Outside production without one, a random key is written once to
 * `<dataDir>/secret.key` (readable by the owner only) so a development install keeps working across
 * restarts; in production, storing or reading a secret without `SECRET_KEY` fails (connecting a unit
 * says so). Sealed text: `v1.<iv>.<tag>.<data>` in
 * base64url; the plain text never reaches a log or a response.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function secretBoxFor(config: Pick<Config, 'secretKey' | 'dataDir' | 'env'>): SecretBox {
  // Made at first use: a server that never stores a secret needs no key.
  let box: SecretBox | null = null;
  const get = () => {
    box ??= secretBox(keyMaterial(config));
    return box;
  };
  return { seal: (plain) => get().seal(plain), open: (sealed) => get().open(sealed) };
}

/** The server's secret (`SECRET_KEY`, or the development key file); other keys are derived from it per purpose (review links' signatures). */
export function keyMaterial(config: Pick<Config, 'secretKey' | 'dataDir' | 'env'>): string {
  if (config.secretKey) return config.secretKey;
  if (config.env === 'production') throw new Error('SECRET_KEY is required in production (it encrypts e-invoicing keys at rest)');
  if (config.env === 'test') return 'test-only-secret-key';
  const file = path.join(config.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return readFileSync(file, 'utf8').trim();
}

export function secretBox(material: string): SecretBox {
  const key = createHash('sha256').update(`khidma-secret-box\u0000${material}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [v, iv, tag, data] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('secret-box: not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
