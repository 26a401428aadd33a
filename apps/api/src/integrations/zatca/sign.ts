import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign, verify, X509Certificate } from 'node:crypto';
import { type Document, type Element, XMLSerializer } from '@xmldom/xmldom';
import { child, children, descendants, dom4jXml, isElement, NS, parseXml, path, text } from './c14n';
import { derToPem, pemToDer, signedParts } from './der';
import { invoiceHash } from './hash';
import { decodeTlv, qrBase64 } from './tlv';

/**
 * ZATCA phase-two cryptographic stamp, as ZATCA's SDK (and so its samples) shape it:
 *
 * - the invoice hash (hash.ts) is signed with ECDSA over secp256k1: `SHA256withECDSA` over the 32
 *   bytes of the hash (not over ds:SignedInfo — the XML signature is a container, ZATCA checks
 *   the value against the invoice hash), DER-encoded, base64;
 * - the XAdES SignedProperties carry the signing time, the certificate's digest (base64 of the hex
 *   SHA-256 of the certificate's base64 text) and its issuer and serial number; their digest is
 *   base64 of the hex SHA-256 of the element as dom4j serialises it (c14n.ts, dom4jXml) — the SDK's
 *   way, which reproduces every SDK-made sample;
 * - the QR (tags 1–9) goes into the AdditionalDocumentReference "QR", the stamp into
 *   ext:UBLExtensions as the first child of the root; neither is covered by the hash, and neither
 *   insertion adds whitespace, so the hash of the signed document is the hash of the unsigned one.
 */

export type SignOptions = { privateKeyPem: string; certificatePem: string; signingTime: Date };
export type SignResult = { xml: string; hash: string; signature: string; qr: string };

const SIG_METHOD = 'urn:oasis:names:specification:ubl:dsig:enveloped:xades';
const SIG_ID = 'urn:oasis:names:specification:ubl:signature:Invoice';

/** A private key in PEM (SEC1 or PKCS#8) or as the SDK keeps it (bare base64 of the SEC1 DER). */
export function loadPrivateKey(text: string): KeyObject {
  if (text.includes('-----BEGIN')) return createPrivateKey(text);
  return createPrivateKey({ key: pemToDer(text), format: 'der', type: 'sec1' });
}

/** A certificate in PEM or as ZATCA hands it out (bare base64 of the DER). */
export function loadCertificate(text: string): X509Certificate {
  return new X509Certificate(derToPem(pemToDer(text), 'CERTIFICATE'));
}

export type CertificateFacts = {
  cert: X509Certificate;
  /** The DER as base64 on one line: ds:X509Certificate's text, and what the SDK hashes. */
  base64: string;
  /** base64 of the hex SHA-256 of `base64` (xades:CertDigest, as ZATCA's SDK computes it). */
  digest: string;
  /** Java's X500Name order: "CN=TSZEINVOICE-SubCA-1, DC=extgazt, DC=gov, DC=local". */
  issuerName: string;
  serialDecimal: string;
  /** DER SubjectPublicKeyInfo (QR tag 8). */
  publicKeyDer: Buffer;
  /** The issuing CA's signature over the certificate (QR tag 9 of simplified documents). */
  certificateSignature: Buffer;
};

export function certificateFacts(certText: string): CertificateFacts {
  const der = pemToDer(certText);
  const cert = loadCertificate(certText);
  const base64 = der.toString('base64');
  return {
    cert,
    base64,
    digest: hexSha256Base64(base64),
    issuerName: cert.issuer.split('\n').reverse().join(', '),
    serialDecimal: BigInt(`0x${cert.serialNumber}`).toString(10),
    publicKeyDer: cert.publicKey.export({ type: 'spki', format: 'der' }),
    certificateSignature: signedParts(der).signature,
  };
}

/** base64 of the lowercase hex SHA-256 of the UTF-8 text (ZATCA's digest of the cert and of SignedProperties). */
export function hexSha256Base64(s: string): string {
  return Buffer.from(createHash('sha256').update(s, 'utf8').digest('hex'), 'utf8').toString('base64');
}

function iso(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The ext:UBLExtensions block, shaped as in ZATCA's samples (indentation included). */
export function ublExtensionsXml(v: { hash: string; signedPropertiesDigest: string; signature: string; certificate: string; signingTime: string; certDigest: string; issuerName: string; serial: string }): string {
  return `<ext:UBLExtensions>
    <ext:UBLExtension>
        <ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>
        <ext:ExtensionContent>
            <sig:UBLDocumentSignatures xmlns:sig="urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2" xmlns:sac="urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2" xmlns:sbc="urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2">
                <sac:SignatureInformation>
                    <cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>
                    <sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>
                    <ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="signature">
                        <ds:SignedInfo>
                            <ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                            <ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>
                            <ds:Reference Id="invoiceSignedData" URI="">
                                <ds:Transforms>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::ext:UBLExtensions)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:Signature)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                                </ds:Transforms>
                                <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                <ds:DigestValue>${v.hash}</ds:DigestValue>
                            </ds:Reference>
                            <ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">
                                <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                <ds:DigestValue>${v.signedPropertiesDigest}</ds:DigestValue>
                            </ds:Reference>
                        </ds:SignedInfo>
                        <ds:SignatureValue>${v.signature}</ds:SignatureValue>
                        <ds:KeyInfo>
                            <ds:X509Data>
                                <ds:X509Certificate>${v.certificate}</ds:X509Certificate>
                            </ds:X509Data>
                        </ds:KeyInfo>
                        <ds:Object>
                            <xades:QualifyingProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Target="signature">
                                <xades:SignedProperties Id="xadesSignedProperties">
                                    <xades:SignedSignatureProperties>
                                        <xades:SigningTime>${v.signingTime}</xades:SigningTime>
                                        <xades:SigningCertificate>
                                            <xades:Cert>
                                                <xades:CertDigest>
                                                    <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                                    <ds:DigestValue>${v.certDigest}</ds:DigestValue>
                                                </xades:CertDigest>
                                                <xades:IssuerSerial>
                                                    <ds:X509IssuerName>${xmlEscape(v.issuerName)}</ds:X509IssuerName>
                                                    <ds:X509SerialNumber>${v.serial}</ds:X509SerialNumber>
                                                </xades:IssuerSerial>
                                            </xades:Cert>
                                        </xades:SigningCertificate>
                                    </xades:SignedSignatureProperties>
                                </xades:SignedProperties>
                            </xades:QualifyingProperties>
                        </ds:Object>
                    </ds:Signature>
                </sac:SignatureInformation>
            </sig:UBLDocumentSignatures>
        </ext:ExtensionContent>
    </ext:UBLExtension>
</ext:UBLExtensions>`;
}

function qrReferenceXml(qr: string): string {
  return `<cac:AdditionalDocumentReference>
        <cbc:ID>QR</cbc:ID>
        <cac:Attachment>
            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${qr}</cbc:EmbeddedDocumentBinaryObject>
        </cac:Attachment>
</cac:AdditionalDocumentReference>`;
}

const WRAP_OPEN = `<w xmlns:ext="${NS.ext}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}">`;

function fragment(doc: Document, xml: string): Element {
  const el = parseXml(`${WRAP_OPEN}${xml}</w>`).documentElement!.firstChild;
  if (!isElement(el)) throw new Error('fragment: no element');
  return doc.importNode(el, true) as Element;
}

function isQrReference(el: Element): boolean {
  return el.namespaceURI === NS.cac && el.localName === 'AdditionalDocumentReference' && (text(child(el, NS.cbc, 'ID')) ?? '').trim() === 'QR';
}

/** The signature-bearing facts a QR repeats, read from the document. */
export function documentFacts(root: Element) {
  const supplier = path(root, [NS.cac, 'AccountingSupplierParty'], [NS.cac, 'Party']);
  const typeCode = child(root, NS.cbc, 'InvoiceTypeCode');
  return {
    seller: text(path(supplier, [NS.cac, 'PartyLegalEntity'], [NS.cbc, 'RegistrationName'])) ?? '',
    vatNumber: text(path(supplier, [NS.cac, 'PartyTaxScheme'], [NS.cbc, 'CompanyID'])) ?? '',
    issueDate: text(child(root, NS.cbc, 'IssueDate')) ?? '',
    issueTime: text(child(root, NS.cbc, 'IssueTime')) ?? '',
    taxInclusive: text(path(root, [NS.cac, 'LegalMonetaryTotal'], [NS.cbc, 'TaxInclusiveAmount'])) ?? '',
    payable: text(path(root, [NS.cac, 'LegalMonetaryTotal'], [NS.cbc, 'PayableAmount'])) ?? '',
    vatTotal: text(path(root, [NS.cac, 'TaxTotal'], [NS.cbc, 'TaxAmount'])) ?? '',
    simplified: (typeCode?.getAttribute('name') ?? '').startsWith('02'),
  };
}

/**
 * QR tag 3: the moment of issue with its zone, in UTC ("2022-08-17T14:41:08Z"). IssueDate and
 * IssueTime without a zone are Saudi wall-clock time (Asia/Riyadh, UTC+03:00 all year, no DST).
 */
export function qrTimestamp(issueDate: string, issueTime: string): string {
  const m = /^(\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.exec(issueTime.trim());
  if (!m || !/^\d{4}-\d{2}-\d{2}$/.test(issueDate.trim())) throw new Error(`bad IssueDate/IssueTime: ${issueDate} ${issueTime}`);
  const at = new Date(`${issueDate.trim()}T${m[1]}${m[2] ?? '+03:00'}`);
  if (Number.isNaN(at.getTime())) throw new Error(`bad IssueDate/IssueTime: ${issueDate} ${issueTime}`);
  return iso(at);
}

export function signUbl(xml: string, opts: SignOptions): SignResult {
  const doc = parseXml(xml);
  const root = doc.documentElement!;
  if (root.localName !== 'Invoice' || root.namespaceURI !== NS.inv) throw new Error('signUbl: not a UBL Invoice document');
  for (const el of children(root, NS.ext, 'UBLExtensions')) root.removeChild(el);
  for (const el of children(root).filter(isQrReference)) root.removeChild(el);
  if (!root.hasAttribute('xmlns:ext')) root.setAttribute('xmlns:ext', NS.ext);

  const adrs = children(root, NS.cac, 'AdditionalDocumentReference');
  const lastAdr = adrs[adrs.length - 1];
  if (!lastAdr) throw new Error('signUbl: no AdditionalDocumentReference (ICV, PIH) to put the QR after');
  if (children(root, NS.cac, 'Signature').length === 0) {
    const sigEl = fragment(doc, `<cac:Signature>\n      <cbc:ID>${SIG_ID}</cbc:ID>\n      <cbc:SignatureMethod>${SIG_METHOD}</cbc:SignatureMethod>\n</cac:Signature>`);
    let after: Element = lastAdr;
    for (const pr of children(root, NS.cac, 'ProjectReference')) after = pr;
    root.insertBefore(sigEl, after.nextSibling);
  }

  const hash = invoiceHash(doc);
  const key = loadPrivateKey(opts.privateKeyPem);
  const facts = certificateFacts(opts.certificatePem);
  if (!createPublicKey(key).export({ type: 'spki', format: 'der' }).equals(facts.publicKeyDer)) {
    throw new Error('signUbl: the private key does not belong to the certificate');
  }
  const signature = sign('sha256', Buffer.from(hash, 'base64'), key).toString('base64');

  const values = { hash, signedPropertiesDigest: '', signature, certificate: facts.base64, signingTime: iso(opts.signingTime), certDigest: facts.digest, issuerName: facts.issuerName, serial: facts.serialDecimal };
  const draft = fragment(doc, ublExtensionsXml(values));
  const signedProps = descendants(draft, NS.xades, 'SignedProperties')[0]!;
  values.signedPropertiesDigest = hexSha256Base64(dom4jXml(signedProps));
  const ublExtensions = fragment(doc, ublExtensionsXml(values));

  const f = documentFacts(root);
  const signed: [number, string | Uint8Array][] = [
    [6, hash],
    [7, signature],
    [8, facts.publicKeyDer],
  ];
  if (f.simplified) signed.push([9, facts.certificateSignature]);
  const qr = qrBase64({ seller: f.seller, vatNumber: f.vatNumber, timestamp: qrTimestamp(f.issueDate, f.issueTime), total: f.taxInclusive, vat: f.vatTotal }, signed);

  root.insertBefore(ublExtensions, root.firstChild);
  root.insertBefore(fragment(doc, qrReferenceXml(qr)), lastAdr.nextSibling);

  const out = new XMLSerializer().serializeToString(doc);
  const check = invoiceHash(out);
  if (check !== hash) throw new Error(`signUbl: the hash moved while signing (${hash} → ${check})`);
  return { xml: out.startsWith('<?xml') ? out : `<?xml version="1.0" encoding="UTF-8"?>\n${out}`, hash, signature, qr };
}

export type VerifyChecks = {
  /** DigestValue of the reference invoiceSignedData = the recomputed invoice hash. */
  invoiceHash: boolean;
  /** DigestValue of the #xadesSignedProperties reference = the recomputed SignedProperties digest. */
  signedProperties: boolean;
  /** xades:CertDigest = the digest of the embedded certificate. */
  certificateDigest: boolean;
  /** xades:IssuerSerial = the embedded certificate's issuer and serial number. */
  issuerSerial: boolean;
  /** ds:SignatureValue verifies over the recomputed hash with the embedded certificate's key. */
  signature: boolean;
  /** ds:SignatureValue verifies over the DigestValue the document declares (whatever its body). */
  signatureOverDeclaredDigest: boolean;
  /** QR tags 1–9 agree with the document, its hash, signature and certificate. */
  qr: boolean;
};

export type VerifyResult = { ok: boolean; errors: string[]; checks: VerifyChecks; hash: string | null; declaredHash: string | null; qrTags: Map<number, Buffer> | null };

/** Whether a base64 ECDSA signature (DER) verifies over a base64 invoice hash with the certificate's key. */
export function verifyHashSignature(hashB64: string, signatureB64: string, certText: string): boolean {
  try {
    return verify('sha256', Buffer.from(hashB64, 'base64'), loadCertificate(certText).publicKey, Buffer.from(signatureB64, 'base64'));
  } catch {
    return false;
  }
}

function numericallyEqual(a: string, b: string): boolean {
  return a.trim() !== '' && b.trim() !== '' && Number(a) === Number(b);
}

export function verifySignedUbl(xml: string): VerifyResult {
  const errors: string[] = [];
  const checks: VerifyChecks = { invoiceHash: false, signedProperties: false, certificateDigest: false, issuerSerial: false, signature: false, signatureOverDeclaredDigest: false, qr: false };
  let doc: Document;
  try {
    doc = parseXml(xml);
  } catch (e) {
    return { ok: false, errors: [`xml: ${(e as Error).message}`], checks, hash: null, declaredHash: null, qrTags: null };
  }
  const root = doc.documentElement!;
  const hash = invoiceHash(doc);
  const dsSig = descendants(root, NS.ds, 'Signature')[0];
  if (!dsSig) return { ok: false, errors: ['signature: no ds:Signature in ext:UBLExtensions'], checks, hash, declaredHash: null, qrTags: null };
  const refs = descendants(dsSig, NS.ds, 'Reference');
  const invoiceRef = refs.find((r) => r.getAttribute('Id') === 'invoiceSignedData');
  const propsRef = refs.find((r) => r.getAttribute('URI') === '#xadesSignedProperties');
  const declaredHash = (text(invoiceRef ? child(invoiceRef, NS.ds, 'DigestValue') : null) ?? '').trim() || null;
  checks.invoiceHash = declaredHash === hash;
  if (!checks.invoiceHash) errors.push(`invoice-hash: the document hashes to ${hash}, its DigestValue says ${declaredHash}`);

  const signedProps = descendants(dsSig, NS.xades, 'SignedProperties')[0];
  const declaredProps = (text(propsRef ? child(propsRef, NS.ds, 'DigestValue') : null) ?? '').trim();
  const propsDigest = signedProps ? hexSha256Base64(dom4jXml(signedProps)) : null;
  checks.signedProperties = !!propsDigest && propsDigest === declaredProps;
  if (!checks.signedProperties) errors.push(`signed-properties: digest ${propsDigest} ≠ declared ${declaredProps}`);

  const certText = (text(descendants(dsSig, NS.ds, 'X509Certificate')[0]) ?? '').replace(/\s+/g, '');
  let facts: CertificateFacts | null = null;
  try {
    facts = certificateFacts(certText);
  } catch (e) {
    errors.push(`certificate: ${(e as Error).message}`);
  }
  const sigValue = (text(child(dsSig, NS.ds, 'SignatureValue')) ?? '').replace(/\s+/g, '');
  if (facts) {
    const certDigest = (text(signedProps ? descendants(signedProps, NS.ds, 'DigestValue')[0] : null) ?? '').trim();
    checks.certificateDigest = certDigest === facts.digest;
    if (!checks.certificateDigest) errors.push(`certificate-digest: ${certDigest} ≠ ${facts.digest}`);
    const issuer = (text(signedProps ? descendants(signedProps, NS.ds, 'X509IssuerName')[0] : null) ?? '').trim();
    const serial = (text(signedProps ? descendants(signedProps, NS.ds, 'X509SerialNumber')[0] : null) ?? '').trim();
    checks.issuerSerial = issuer === facts.issuerName && serial === facts.serialDecimal;
    if (!checks.issuerSerial) errors.push(`issuer-serial: ${issuer} / ${serial} ≠ ${facts.issuerName} / ${facts.serialDecimal}`);
    const verifies = (h: string) => verifyHashSignature(h, sigValue, certText);
    checks.signature = verifies(hash);
    checks.signatureOverDeclaredDigest = !!declaredHash && verifies(declaredHash);
    if (!checks.signature) errors.push(`signature: does not verify over the invoice hash with the embedded certificate${checks.signatureOverDeclaredDigest ? ' (it does over the declared DigestValue: the body changed after signing)' : ''}`);
  }

  let qrTags: Map<number, Buffer> | null = null;
  const qrRef = children(root).find(isQrReference);
  const qrText = (text(qrRef ? path(qrRef, [NS.cac, 'Attachment'], [NS.cbc, 'EmbeddedDocumentBinaryObject']) : null) ?? '').replace(/\s+/g, '');
  if (!qrText) errors.push('qr: no QR AdditionalDocumentReference');
  else {
    try {
      qrTags = decodeTlv(Buffer.from(qrText, 'base64'));
      const f = documentFacts(root);
      const tag = (n: number) => qrTags!.get(n)?.toString('utf8') ?? null;
      const qrErrors: string[] = [];
      if (tag(1) !== f.seller) qrErrors.push(`tag 1 ${tag(1)} ≠ seller ${f.seller}`);
      if (tag(2) !== f.vatNumber) qrErrors.push(`tag 2 ${tag(2)} ≠ VAT number ${f.vatNumber}`);
      let ts: string | null = null;
      try {
        ts = qrTimestamp(f.issueDate, f.issueTime);
      } catch {}
      // ZATCA's samples label the wall-clock IssueTime with Z; ours is the UTC instant. Either is accepted.
      const stamp = tag(3);
      if (stamp !== ts && stamp !== `${f.issueDate}T${f.issueTime}Z` && stamp !== `${f.issueDate}T${f.issueTime}`) qrErrors.push(`tag 3 ${stamp} ≠ issue time ${f.issueDate}T${f.issueTime}`);
      if (!numericallyEqual(tag(4) ?? '', f.taxInclusive) && !numericallyEqual(tag(4) ?? '', f.payable)) qrErrors.push(`tag 4 ${tag(4)} ≠ total with VAT ${f.taxInclusive}`);
      if (!numericallyEqual(tag(5) ?? '', f.vatTotal)) qrErrors.push(`tag 5 ${tag(5)} ≠ VAT total ${f.vatTotal}`);
      if (tag(6) !== hash) qrErrors.push(`tag 6 ${tag(6)} ≠ invoice hash ${hash}`);
      if (tag(7) !== sigValue) qrErrors.push('tag 7 ≠ SignatureValue');
      if (facts && !qrTags.get(8)?.equals(facts.publicKeyDer)) qrErrors.push("tag 8 ≠ the certificate's public key");
      if (f.simplified && facts && !qrTags.get(9)?.equals(facts.certificateSignature)) qrErrors.push("tag 9 ≠ the certificate's signature");
      checks.qr = qrErrors.length === 0;
      for (const e of qrErrors) errors.push(`qr: ${e}`);
    } catch (e) {
      errors.push(`qr: ${(e as Error).message}`);
    }
  }
  return { ok: errors.length === 0, errors, checks, hash, declaredHash, qrTags };
}
