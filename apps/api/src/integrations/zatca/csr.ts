import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { bitString, ctx, derToPem, integer, octets, oid, printable, seq, set, utf8 } from './der';
import { loadPrivateKey } from './sign';

/**
 * The certificate signing request ZATCA issues a compliance CSID against (the fields of the SDK's
 * csr-config *.properties): a PKCS#10 request on secp256k1, signed with ECDSA-SHA256, DER built by
 * hand (der.ts) — WebCrypto has no secp256k1, node:crypto signs it.
 *
 * Subject: C, OU, O, CN. Extensions (in the extensionRequest attribute):
 * - 1.3.6.1.4.1.311.20.2 (Microsoft certificate template name), a PrintableString:
 *   "ZATCA-Code-Signing" (production), "PREZATCA-Code-Signing" (simulation),
 *   "TSTZATCA-Code-Signing" (sandbox, the developer portal);
 * - subjectAltName with one directoryName: SN (2.5.4.4) = "1-solution|2-model|3-serial",
 *   UID (0.9.2342.19200300.100.1.1) = the VAT number, title (2.5.4.12) = the invoice types
 *   ("1100": standard and simplified), registeredAddress (2.5.4.26) = the branch location,
 *   businessCategory (2.5.4.15) = the industry — as in ZATCA's test certificate.
 */

export type CsrEnvironment = 'simulation' | 'production' | 'sandbox';

export type CsrConfig = {
  commonName: string;
  /** "1-<solution name>|2-<model or version>|3-<device serial (a UUID)>" */
  serialNumber: string;
  /** VAT registration number (15 digits, 3…3). */
  organizationIdentifier: string;
  organizationUnitName: string;
  organizationName: string;
  countryName: string;
  /** Four 0/1 flags: standard, simplified, then two reserved ("1100"). */
  invoiceType: string;
  location: string;
  industry: string;
  environment: CsrEnvironment;
};

export const TEMPLATE_NAME: Record<CsrEnvironment, string> = {
  production: 'ZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  sandbox: 'TSTZATCA-Code-Signing',
};

export const OID = {
  countryName: '2.5.4.6',
  organizationUnitName: '2.5.4.11',
  organizationName: '2.5.4.10',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  uid: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  extensionRequest: '1.2.840.113549.1.9.14',
  subjectAltName: '2.5.29.17',
  certificateTemplateName: '1.3.6.1.4.1.311.20.2',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** A new secp256k1 key pair, PEM: the private key as SEC1 ("EC PRIVATE KEY", the SDK's form), the public as SPKI. */
export function generateKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return {
    privateKeyPem: privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const rdn = (type: string, value: Buffer) => set(seq(oid(type), value));

function checkConfig(c: CsrConfig) {
  const required: (keyof CsrConfig)[] = ['commonName', 'serialNumber', 'organizationIdentifier', 'organizationUnitName', 'organizationName', 'countryName', 'invoiceType', 'location', 'industry'];
  for (const k of required) if (!String(c[k] ?? '').trim()) throw new RangeError(`CSR: ${k} is required`);
  if (!/^[A-Z]{2}$/.test(c.countryName)) throw new RangeError('CSR: countryName is a two-letter code');
  if (!/^3\d{13}3$/.test(c.organizationIdentifier)) throw new RangeError('CSR: organizationIdentifier is a VAT number, 15 digits starting and ending with 3');
  if (!/^[01]{4}$/.test(c.invoiceType)) throw new RangeError('CSR: invoiceType is four 0/1 flags, e.g. 1100');
  if (!/^1-[^|]+\|2-[^|]+\|3-[^|]+$/.test(c.serialNumber)) throw new RangeError('CSR: serialNumber is 1-…|2-…|3-…');
  if (!(c.environment in TEMPLATE_NAME)) throw new RangeError(`CSR: environment ${c.environment}`);
}

/** The CertificationRequestInfo (DER), which the request's signature covers. */
export function certificationRequestInfo(config: CsrConfig, publicKeySpki: Buffer): Buffer {
  checkConfig(config);
  const subject = seq(
    rdn(OID.countryName, printable(config.countryName)),
    rdn(OID.organizationUnitName, utf8(config.organizationUnitName)),
    rdn(OID.organizationName, utf8(config.organizationName)),
    rdn(OID.commonName, utf8(config.commonName)),
  );
  const dirName = seq(
    rdn(OID.surname, utf8(config.serialNumber)),
    rdn(OID.uid, utf8(config.organizationIdentifier)),
    rdn(OID.title, utf8(config.invoiceType)),
    rdn(OID.registeredAddress, utf8(config.location)),
    rdn(OID.businessCategory, utf8(config.industry)),
  );
  const extensions = seq(
    seq(oid(OID.certificateTemplateName), octets(printable(TEMPLATE_NAME[config.environment]))),
    // GeneralName directoryName is [4] EXPLICIT Name (Name is a CHOICE).
    seq(oid(OID.subjectAltName), octets(seq(ctx(4, dirName)))),
  );
  const attributes = ctx(0, seq(oid(OID.extensionRequest), set(extensions)));
  return seq(integer(0), subject, publicKeySpki, attributes);
}

/** A PKCS#10 request in PEM ("-----BEGIN CERTIFICATE REQUEST-----"). */
export function buildCsr(config: CsrConfig, privateKeyPem: string): string {
  const key = loadPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'secp256k1') throw new RangeError('CSR: the key must be EC secp256k1');
  const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
  const info = certificationRequestInfo(config, spki);
  const signature = sign('sha256', info, key);
  const der = seq(info, seq(oid(OID.ecdsaWithSha256)), bitString(signature));
  return derToPem(der, 'CERTIFICATE REQUEST');
}

/** What ZATCA's compliance API takes as `csr`: base64 of the PEM text. */
export function csrForApi(csrPem: string): string {
  return Buffer.from(csrPem, 'utf8').toString('base64');
}
