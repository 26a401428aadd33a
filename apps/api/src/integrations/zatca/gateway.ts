import { createECDH, createHash, createHmac, createPrivateKey, createPublicKey, type KeyObject, randomInt, sign, X509Certificate } from 'node:crypto';
import { bitString, ctx, derToPem, oid, pemToDer, readChildren, readTlv, seq, set, tlv, utf8 } from './der';
import { invoiceHash } from './hash';
import { verifySignedUbl } from './sign';
import { type Issue, precheck } from './validate';

/**
 * ZATCA's e-invoicing API behind one adapter (DESIGN §4 Outside world): onboarding (compliance CSID,
 * compliance checks, production CSID), reporting (simplified) and clearance (standard). `simulation`
 * is a local simulator that checks what the real endpoints check that we can check here (the XSD, our
 * business rules, the hash, the signature, the QR, the certificate it issued) and never reaches the
 * network; `production` calls ZATCA's endpoints at `baseUrl`.
 */
export type ZatcaAuth = { certificate: string; secret: string };
export type ZatcaDocumentSubmission = { xml: string; hash: string; uuid: string };
/** `clearedXml`: a cleared standard invoice as ZATCA returns it (with its stamp): the legal document. */
export type ZatcaResult = { ok: boolean; status: string; errors: Issue[]; warnings: Issue[]; clearedXml?: string };

export interface ZatcaGateway {
  readonly environment: 'simulation' | 'production';
  /** The compliance CSID for a CSR (base64 of its PEM) and the portal's OTP. */
  complianceCsid(csrBase64: string, otp: string): Promise<{ requestId: string; certificate: string; secret: string }>;
  complianceCheck(auth: ZatcaAuth, doc: ZatcaDocumentSubmission): Promise<ZatcaResult>;
  productionCsid(auth: ZatcaAuth, requestId: string): Promise<{ certificate: string; secret: string }>;
  report(auth: ZatcaAuth, doc: ZatcaDocumentSubmission): Promise<ZatcaResult>;
  clear(auth: ZatcaAuth, doc: ZatcaDocumentSubmission): Promise<ZatcaResult>;
}

export class ZatcaRefused extends Error {
  constructor(
    message: string,
    readonly issues: Issue[] = [],
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------- the simulator

/** The simulator's certificate authority: a fixed test key, so certificates it issued verify after a restart. */
function simulatorCa(): { key: KeyObject; name: Buffer } {
  const d = createHash('sha256').update('khidma-zatca-simulator-ca (test only)').digest();
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(d);
  const pub = ecdh.getPublicKey();
  const b64 = (b: Buffer) => b.toString('base64url');
  const key = createPrivateKey({ key: { kty: 'EC', crv: 'secp256k1', d: b64(d), x: b64(pub.subarray(1, 33)), y: b64(pub.subarray(33)) }, format: 'jwk' });
  const name = seq(set(seq(oid('2.5.4.3'), utf8('ZATCA Simulation CA'))), set(seq(oid('0.9.2342.19200300.100.1.25'), utf8('simulation'))));
  return { key, name };
}

const ECDSA_SHA256 = '1.2.840.10045.4.3.2';
const utcTime = (d: Date) => tlv(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`, 'ascii'));

/** A certificate for the CSR's subject and key, signed by the simulator's CA (base64 of the DER, as ZATCA answers). */
export function issueSimulatedCertificate(csrPem: string, now = new Date(), years = 1): string {
  const ca = simulatorCa();
  const der = pemToDer(csrPem);
  const req = readTlv(der);
  const [info] = readChildren(der, req);
  const [, subject, spki] = readChildren(der, info!);
  const serial = Buffer.alloc(9);
  serial[0] = 0x01;
  for (let i = 1; i < 9; i++) serial[i] = randomInt(256);
  const tbs = seq(
    ctx(0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, serial),
    seq(oid(ECDSA_SHA256)),
    ca.name,
    seq(utcTime(now), utcTime(new Date(now.getTime() + years * 365 * 86_400_000))),
    der.subarray(subject!.start, subject!.end),
    der.subarray(spki!.start, spki!.end),
  );
  const signature = sign('sha256', tbs, ca.key);
  return seq(tbs, seq(oid(ECDSA_SHA256)), bitString(signature)).toString('base64');
}

/** Whether the simulator's CA issued this certificate (base64 DER or PEM). */
export function issuedBySimulator(certificate: string): boolean {
  try {
    const cert = new X509Certificate(certificate.includes('BEGIN') ? certificate : derToPem(Buffer.from(certificate, 'base64'), 'CERTIFICATE'));
    const ca = simulatorCa();
    return cert.verify(createPublicKey(ca.key));
  } catch {
    return false;
  }
}

export function createSimulator(): ZatcaGateway {
  const secretOf = (certificate: string) => createHmac('sha256', 'khidma-zatca-simulator-secret').update(certificate).digest('base64');
  /** Accepted hashes: resending one answers as before (idempotent). */
  const accepted = new Map<string, string>();

  function authorize(auth: ZatcaAuth) {
    if (!issuedBySimulator(auth.certificate) || auth.secret !== secretOf(auth.certificate)) throw new ZatcaRefused('Invalid credentials (certificate or secret)');
  }

  async function check(auth: ZatcaAuth, doc: ZatcaDocumentSubmission, ok: string, refused: string): Promise<ZatcaResult> {
    authorize(auth);
    const seen = accepted.get(doc.hash);
    if (seen) return { ok: true, status: seen, errors: [], warnings: [], ...(ok === 'CLEARED' ? { clearedXml: doc.xml } : {}) };
    const errors: Issue[] = [...(await precheck(doc.xml))];
    const verified = verifySignedUbl(doc.xml);
    if (!verified.ok) errors.push(...verified.errors.map((message) => ({ code: 'SIGNATURE', message })));
    if (invoiceHash(doc.xml) !== doc.hash) errors.push({ code: 'INVOICE_HASH', message: 'The invoice hash sent is not the hash of the invoice' });
    if (!doc.xml.includes(`<cbc:UUID>${doc.uuid}</cbc:UUID>`)) errors.push({ code: 'UUID', message: 'The UUID sent is not the invoice UUID' });
    const certInDoc = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(doc.xml)?.[1];
    if (certInDoc && !issuedBySimulator(certInDoc)) errors.push({ code: 'CERTIFICATE', message: 'The document is signed with a certificate ZATCA did not issue' });
    if (errors.length) return { ok: false, status: refused, errors, warnings: [] };
    accepted.set(doc.hash, ok);
    // ZATCA returns a cleared invoice with its own stamp added; the simulator returns it as sent.
    return { ok: true, status: ok, errors: [], warnings: [], ...(ok === 'CLEARED' ? { clearedXml: doc.xml } : {}) };
  }

  return {
    environment: 'simulation',
    async complianceCsid(csrBase64, otp) {
      if (!/^\d{6}$/.test(otp) || otp === '000000') throw new ZatcaRefused('Invalid OTP: it is wrong or has expired (an OTP is valid for one minute)');
      const pem = Buffer.from(csrBase64, 'base64').toString('utf8');
      const certificate = issueSimulatedCertificate(pem);
      return { requestId: String(randomInt(1e9, 9e9)), certificate, secret: secretOf(certificate) };
    },
    complianceCheck: (auth, doc) => check(auth, doc, 'PASS', 'ERROR'),
    async productionCsid(auth, requestId) {
      authorize(auth);
      if (!/^\d+$/.test(requestId)) throw new ZatcaRefused('Unknown compliance request');
      // The production certificate names the same subject and key as the compliance one.
      return { certificate: auth.certificate, secret: secretOf(auth.certificate) };
    },
    report: (auth, doc) => check(auth, doc, 'REPORTED', 'NOT_REPORTED'),
    clear: (auth, doc) => check(auth, doc, 'CLEARED', 'NOT_CLEARED'),
  };
}

// ---------------------------------------------------------------- production

/** ZATCA's endpoints (API version 2). Not reachable from the development machine: exercised only by configuration. */
export function createZatcaHttp(baseUrl: string): ZatcaGateway {
  const basic = (a: ZatcaAuth) => `Basic ${Buffer.from(`${a.certificate}:${a.secret}`).toString('base64')}`;
  async function call(path: string, init: { method: string; headers: Record<string, string>; body?: unknown }) {
    const res = await fetch(`${baseUrl}${path}`, {
      method: init.method,
      headers: { 'Accept-Version': 'V2', 'Accept-Language': 'en', 'Content-Type': 'application/json', Accept: 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, body };
  }
  const issues = (list: unknown): Issue[] => (Array.isArray(list) ? list.map((x) => ({ code: String((x as { code?: string }).code ?? ''), message: String((x as { message?: string }).message ?? '') })) : []);
  const result = (status: number, body: Record<string, unknown>, key: string): ZatcaResult => {
    const v = (body.validationResults ?? {}) as { errorMessages?: unknown; warningMessages?: unknown };
    const state = String(body[key] ?? (status < 300 ? 'PASS' : 'ERROR'));
    return { ok: status === 200 || status === 202, status: state, errors: issues(v.errorMessages), warnings: issues(v.warningMessages) };
  };
  const submission = (d: ZatcaDocumentSubmission) => ({ invoiceHash: d.hash, uuid: d.uuid, invoice: Buffer.from(d.xml, 'utf8').toString('base64') });
  return {
    environment: 'production',
    async complianceCsid(csr, otp) {
      const { status, body } = await call('/compliance', { method: 'POST', headers: { OTP: otp }, body: { csr } });
      if (status !== 200) throw new ZatcaRefused(String((body as { message?: string }).message ?? `ZATCA answered ${status}`), issues((body as { errors?: unknown }).errors));
      return { requestId: String(body.requestID), certificate: String(body.binarySecurityToken), secret: String(body.secret) };
    },
    async complianceCheck(auth, doc) {
      const { status, body } = await call('/compliance/invoices', { method: 'POST', headers: { Authorization: basic(auth) }, body: submission(doc) });
      return result(status, body, 'reportingStatus');
    },
    async productionCsid(auth, requestId) {
      const { status, body } = await call('/production/csids', { method: 'POST', headers: { Authorization: basic(auth) }, body: { compliance_request_id: requestId } });
      if (status !== 200) throw new ZatcaRefused(String((body as { message?: string }).message ?? `ZATCA answered ${status}`));
      return { certificate: String(body.binarySecurityToken), secret: String(body.secret) };
    },
    async report(auth, doc) {
      const { status, body } = await call('/invoices/reporting/single', { method: 'POST', headers: { Authorization: basic(auth), 'Clearance-Status': '0' }, body: submission(doc) });
      return result(status, body, 'reportingStatus');
    },
    async clear(auth, doc) {
      const { status, body } = await call('/invoices/clearance/single', { method: 'POST', headers: { Authorization: basic(auth), 'Clearance-Status': '1' }, body: submission(doc) });
      const cleared = typeof body.clearedInvoice === 'string' ? Buffer.from(body.clearedInvoice, 'base64').toString('utf8') : undefined;
      return { ...result(status, body, 'clearanceStatus'), ...(cleared ? { clearedXml: cleared } : {}) };
    },
  };
}

export function zatcaGatewayFor(environment: string, baseUrl: string): ZatcaGateway {
  return environment === 'production' ? createZatcaHttp(baseUrl) : simulator;
}

const simulator = createSimulator();
