import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * ZATCA's reference data copied into apps/api/test-fixtures/zatca (see its README.md): the SDK's
 * samples, test certificate and key, and the first PIH. For tests only.
 */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-fixtures/zatca');

export function fixture(rel: string): string {
  return readFileSync(path.join(FIXTURES, rel), 'utf8');
}

/** Every sample XML, as paths relative to Samples/ ("Standard/Invoice/Standard_Invoice.xml"), sorted. */
export function sampleFiles(): string[] {
  const base = path.join(FIXTURES, 'Samples');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.xml')) out.push(path.relative(base, p).split(path.sep).join('/'));
    }
  };
  walk(base);
  return out.sort();
}

export function sample(rel: string): string {
  return fixture(`Samples/${rel}`);
}

export const testKey = () => fixture('Certificates/ec-secp256k1-priv-key.pem');
export const testCertificate = () => fixture('Certificates/cert.pem');
export const firstPih = () => fixture('PIH/pih.txt').trim();
