import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildCsr, type CsrConfig, csrForApi, generateKeyPair, OID, TEMPLATE_NAME } from './csr';
import { contentOf, decodeOid, pemToDer, readChildren, readTlv, signedParts, type Tlv } from './der';
import { fixture, testKey } from './fixtures';
import { loadPrivateKey } from './sign';

/** csr-config-example-AR.properties, as a CsrConfig. */
function configFromProperties(text: string, environment: CsrConfig['environment']): CsrConfig {
  const p = Object.fromEntries(
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return {
    commonName: p['csr.common.name']!,
    serialNumber: p['csr.serial.number']!,
    organizationIdentifier: p['csr.organization.identifier']!,
    organizationUnitName: p['csr.organization.unit.name']!,
    organizationName: p['csr.organization.name']!,
    countryName: p['csr.country.name']!,
    invoiceType: '1100',
    location: p['csr.location.address']!,
    industry: p['csr.industry.business.category']!,
    environment,
  };
}

/** Reads names (a SEQUENCE of single-attribute SETs) into [oid, string] pairs. */
function names(der: Buffer, name: Tlv): [string, string][] {
  return readChildren(der, name).map((rdn) => {
    const [attr] = readChildren(der, rdn);
    const [type, value] = readChildren(der, attr!);
    return [decodeOid(contentOf(der, type!)), contentOf(der, value!).toString('utf8')];
  });
}

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('CSR', () => {
  const config = configFromProperties(fixture('Input/csr-config-example-AR.properties'), 'simulation');
  const pem = buildCsr(config, testKey());
  const der = pemToDer(pem);

  it('is PEM, and base64 of the PEM for the API', () => {
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE REQUEST-----\n$/);
    expect(Buffer.from(csrForApi(pem), 'base64').toString()).toBe(pem);
  });

  it('carries the subject, the template name and the SAN, and its signature verifies (own DER reader)', () => {
    const { tbs, algorithm, signature } = signedParts(der);
    expect(algorithm).toBe(OID.ecdsaWithSha256);
    const info = readTlv(tbs);
    const [version, subject, spki, attrs] = readChildren(tbs, info);
    expect(contentOf(tbs, version!)).toEqual(Buffer.from([0]));
    expect(names(tbs, subject!)).toEqual([
      [OID.countryName, 'SA'],
      [OID.organizationUnitName, 'فرع الرياض'],
      [OID.organizationName, 'ABCD المحدودة'],
      [OID.commonName, 'TST-886431145-311111111101113'],
    ]);
    const publicKey = loadPrivateKey(testKey());
    expect(verify('sha256', tbs, publicKey, signature)).toBe(true);
    expect(spki!.tag).toBe(0x30);

    const [extReq] = readChildren(tbs, attrs!);
    const [reqOid, reqSet] = readChildren(tbs, extReq!);
    expect(decodeOid(contentOf(tbs, reqOid!))).toBe(OID.extensionRequest);
    const extensions = readChildren(tbs, readChildren(tbs, reqSet!)[0]!).map((e) => {
      const [id, value] = readChildren(tbs, e);
      return [decodeOid(contentOf(tbs, id!)), contentOf(tbs, value!)] as const;
    });
    expect(extensions.map(([id]) => id)).toEqual([OID.certificateTemplateName, OID.subjectAltName]);
    const template = extensions[0]![1];
    expect(template[0]).toBe(0x13); // PrintableString
    expect(contentOf(template, readTlv(template)).toString()).toBe('PREZATCA-Code-Signing');
    const san = extensions[1]![1];
    const dirName = readChildren(san, readTlv(san))[0]!;
    expect(dirName.tag).toBe(0xa4);
    expect(names(san, readChildren(san, dirName)[0]!)).toEqual([
      [OID.surname, '1-TST|2-TST|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f'],
      [OID.uid, '311111111101113'],
      [OID.title, '1100'],
      [OID.registeredAddress, 'RRRD2929'],
      [OID.businessCategory, 'الأنشطة العقارية'],
    ]);
  });

  it('names the template by environment', () => {
    expect(TEMPLATE_NAME).toEqual({ production: 'ZATCA-Code-Signing', simulation: 'PREZATCA-Code-Signing', sandbox: 'TSTZATCA-Code-Signing' });
    for (const environment of ['production', 'sandbox'] as const) {
      const other = pemToDer(buildCsr({ ...config, environment }, testKey())).toString('latin1');
      expect(other).toContain(TEMPLATE_NAME[environment]);
    }
  });

  it('refuses a bad configuration', () => {
    expect(() => buildCsr({ ...config, organizationIdentifier: '123' }, testKey())).toThrow(/organizationIdentifier/);
    expect(() => buildCsr({ ...config, serialNumber: 'x' }, testKey())).toThrow(/serialNumber/);
    expect(() => buildCsr(config, generateKeyPair().privateKeyPem.replace('EC PRIVATE KEY', 'X'))).toThrow();
  });

  it('generates secp256k1 key pairs the CSR can be signed with', () => {
    const { privateKeyPem, publicKeyPem } = generateKeyPair();
    expect(privateKeyPem).toContain('-----BEGIN EC PRIVATE KEY-----');
    expect(publicKeyPem).toContain('-----BEGIN PUBLIC KEY-----');
    expect(loadPrivateKey(privateKeyPem).asymmetricKeyDetails?.namedCurve).toBe('secp256k1');
    expect(() => buildCsr(config, privateKeyPem)).not.toThrow();
  });

  it.runIf(hasOpenssl())('openssl parses and verifies it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zatca-csr-'));
    try {
      const file = path.join(dir, 'req.pem');
      writeFileSync(file, pem);
      const out = execFileSync('openssl', ['req', '-in', file, '-verify', '-noout', '-text', '-nameopt', 'utf8,sep_comma_plus'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(out).toContain('Subject: C=SA,OU=فرع الرياض,O=ABCD المحدودة,CN=TST-886431145-311111111101113');
      expect(out).toContain('ASN1 OID: secp256k1');
      expect(out).toContain('PREZATCA-Code-Signing');
      expect(out).toContain('DirName:/SN=1-TST|2-TST|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f/UID=311111111101113/title=1100/registeredAddress=RRRD2929/businessCategory=');
      expect(out).toContain('ecdsa-with-SHA256');
      const verified = execFileSync('openssl', ['req', '-in', file, '-verify', '-noout'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      expect(verified + out).not.toContain('verify failure');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
