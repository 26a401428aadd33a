import { describe, expect, it } from 'vitest';
import { firstPih, sample, testCertificate, testKey } from './fixtures';
import { FIRST_PIH, invoiceHash } from './hash';
import { signUbl, verifySignedUbl } from './sign';
import { decodeTlv } from './tlv';
import { precheck, precheckMany, validateXsdMany } from './validate';
import { buildUbl, type ZatcaDocument, type ZatcaParty } from './xml';

// 64 Arabic letters, no spaces: 128 bytes of UTF-8 (the QR length byte 0x80).
const ARABIC_64 = 'شركةالخدماتالمتكاملةللتجارةوالمقاولاتالعامةالمحدودةفرعالرياضالسعوديةالكبرى'.slice(0, 64);

const seller: ZatcaParty = { name: ARABIC_64, vatNumber: '399999999900003', crNumber: '1010010000', street: 'الأمير سلطان', building: '2322', district: 'المربع', city: 'الرياض', postalCode: '23333', country: 'SA' };
const buyer: ZatcaParty = { name: 'Acme <Buyer> & Sons', vatNumber: '300000000000003', street: 'King Fahd Road', building: '1111', district: 'Al Olaya', city: 'Riyadh', postalCode: '12222', country: 'SA' };

const KINDS = ['invoice', 'credit', 'debit'] as const;
const PROFILES = ['standard', 'simplified'] as const;
const SIGNING_TIME = new Date('2024-05-01T09:31:00Z');

function makeDoc(kind: ZatcaDocument['kind'], profile: ZatcaDocument['profile'], n: number, pih: string): ZatcaDocument {
  return {
    kind,
    profile,
    number: `INV-${n}`,
    uuid: `3cf5ee18-ee25-44ea-a444-2c37ba7f28${String(n).padStart(2, '0')}`,
    issuedAt: new Date('2024-05-01T09:30:00Z'),
    icv: n,
    pih,
    currency: 'SAR',
    digits: 2,
    seller,
    buyer: profile === 'standard' ? buyer : null,
    lines: [
      { id: 1, name: 'قص شعر', quantity: 2, unitPrice: 1000, discount: 0, net: 2000, category: 'S', rateBps: 1500, vat: 300 },
      { id: 2, name: 'Beard trim & wash', quantity: 3, unitPrice: 333, discount: 99, net: 900, category: 'S', rateBps: 1500, vat: 135 },
      { id: 3, name: 'Export service', quantity: 1, unitPrice: 500, discount: 0, net: 500, category: 'Z', rateBps: 0, vat: 0, exemptionCode: 'VATEX-SA-32', exemptionReason: 'Export of goods' },
    ],
    taxGroups: [
      { category: 'S', rateBps: 1500, taxable: 2900, amount: 435 },
      { category: 'Z', rateBps: 0, taxable: 500, amount: 0, exemptionCode: 'VATEX-SA-32', exemptionReason: 'Export of goods' },
    ],
    billingReference: kind === 'invoice' ? null : 'INV-0001',
    reason: kind === 'invoice' ? null : 'Returned items',
    paymentMeansCode: '10',
    deliveryDate: null,
  };
}

const key = testKey();
const certificate = testCertificate();

describe('buildUbl → signUbl → validate → verify', () => {
  const cases = KINDS.flatMap((kind) => PROFILES.map((profile) => ({ kind, profile })));
  const built = cases.map(({ kind, profile }, i) => {
    const unsigned = buildUbl(makeDoc(kind, profile, i + 1, firstPih()));
    const signed = signUbl(unsigned, { privateKeyPem: key, certificatePem: certificate, signingTime: SIGNING_TIME });
    return { kind, profile, unsigned, signed };
  });

  it('the Arabic name is 64 characters, 128 bytes', () => {
    expect([...ARABIC_64]).toHaveLength(64);
    expect(Buffer.byteLength(ARABIC_64)).toBe(128);
  });

  it('all six validate against the UBL 2.1 schema, signed and unsigned', async () => {
    const errors = await validateXsdMany(built.flatMap((b) => [b.unsigned, b.signed.xml]));
    expect(errors).toEqual(built.flatMap(() => [[], []]));
  });

  it('all six pass precheck', async () => {
    const issues = await precheckMany(built.map((b) => ({ xml: b.signed.xml })));
    expect(issues).toEqual(built.map(() => []));
  });

  it.each(built.map((b) => [`${b.kind}/${b.profile}`, b] as const))('%s: signs, verifies, and a changed amount fails', (_, b) => {
    const { signed, unsigned } = b;
    expect(signed.xml).toContain(`<cbc:InvoiceTypeCode name="${b.profile === 'standard' ? '0100000' : '0200000'}">${{ invoice: '388', credit: '381', debit: '383' }[b.kind]}</cbc:InvoiceTypeCode>`);
    // The stamp and the QR are outside the hash: signing does not move it.
    expect(signed.hash).toBe(invoiceHash(unsigned));
    expect(invoiceHash(signed.xml)).toBe(signed.hash);
    const result = verifySignedUbl(signed.xml);
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);

    // QR: tag 1 is 128 bytes (length byte 0x80) and decodes back; tag 3 is the UTC instant of the Riyadh wall-clock issue time.
    const payload = Buffer.from(signed.qr, 'base64');
    expect(payload[0]).toBe(1);
    expect(payload[1]).toBe(0x80);
    const tags = decodeTlv(payload);
    expect(tags.get(1)!.toString('utf8')).toBe(ARABIC_64);
    expect(signed.xml).toContain('<cbc:IssueDate>2024-05-01</cbc:IssueDate>');
    expect(signed.xml).toContain('<cbc:IssueTime>12:30:00</cbc:IssueTime>');
    expect(tags.get(3)!.toString()).toBe('2024-05-01T09:30:00Z');
    expect(tags.get(4)!.toString()).toBe('38.35');
    expect(tags.get(5)!.toString()).toBe('4.35');
    expect(tags.get(6)!.toString()).toBe(signed.hash);
    expect(tags.get(7)!.toString()).toBe(signed.signature);
    expect(tags.has(9)).toBe(b.profile === 'simplified');
    if (b.kind !== 'invoice') {
      expect(signed.xml).toContain('<cbc:InstructionNote>Returned items</cbc:InstructionNote>');
      expect(signed.xml).toContain('<cbc:ID>INV-0001</cbc:ID>');
    }

    const tampered = signed.xml.replace('<cbc:PayableAmount currencyID="SAR">38.35</cbc:PayableAmount>', '<cbc:PayableAmount currencyID="SAR">38.36</cbc:PayableAmount>');
    expect(tampered).not.toBe(signed.xml);
    const bad = verifySignedUbl(tampered);
    expect(bad.ok).toBe(false);
    expect(bad.checks.invoiceHash).toBe(false);
    expect(bad.checks.signature).toBe(false);
    expect(bad.checks.signatureOverDeclaredDigest).toBe(true);
  });

  it('escapes text and writes amounts with the currency digits', () => {
    const xml = built[0]!.unsigned;
    expect(xml).toContain('<cbc:RegistrationName>Acme &lt;Buyer&gt; &amp; Sons</cbc:RegistrationName>');
    expect(xml).toContain('<cbc:LineExtensionAmount currencyID="SAR">34.00</cbc:LineExtensionAmount>');
    expect(xml).toContain('<cbc:RoundingAmount currencyID="SAR">10.35</cbc:RoundingAmount>');
    expect(xml).toContain('<cbc:Percent>15.00</cbc:Percent>');
    expect(xml).toContain('<cbc:TaxExemptionReasonCode>VATEX-SA-32</cbc:TaxExemptionReasonCode>');
    expect(xml).toContain('<cbc:ActualDeliveryDate>2024-05-01</cbc:ActualDeliveryDate>');
    expect(built[1]!.unsigned).not.toContain('<cac:Delivery>');
  });

  it('shapes the stamp as ZATCA’s samples do', () => {
    const blank = (s: string) =>
      s
        .replace(/<!--.*-->\n\s*/g, '')
        .replace(/<(ds:DigestValue|ds:SignatureValue|ds:X509Certificate|xades:SigningTime|ds:X509IssuerName|ds:X509SerialNumber)>[^<]*</g, '<$1>…<');
    const block = (s: string) => /<ext:UBLExtensions>[\s\S]*<\/ext:UBLExtensions>/.exec(s)![0];
    expect(blank(block(built[1]!.signed.xml))).toBe(blank(block(sample('Simplified/Invoice/Simplified_Invoice.xml'))));
  });
});

describe('the chain', () => {
  it('starts from pih.txt (base64 of the hex SHA-256 of "0") and links each document to the previous hash', async () => {
    expect(firstPih()).toBe(FIRST_PIH);
    expect(firstPih()).not.toBe('MA==');
    const first = signUbl(buildUbl(makeDoc('invoice', 'simplified', 1, firstPih())), { privateKeyPem: key, certificatePem: certificate, signingTime: SIGNING_TIME });
    expect(first.xml).toContain(`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${FIRST_PIH}</cbc:EmbeddedDocumentBinaryObject>`);
    const second = signUbl(buildUbl(makeDoc('credit', 'simplified', 2, first.hash)), { privateKeyPem: key, certificatePem: certificate, signingTime: SIGNING_TIME });
    expect(second.xml).toContain(`<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${first.hash}</cbc:EmbeddedDocumentBinaryObject>`);
    expect(second.xml).toContain('<cbc:UUID>2</cbc:UUID>');

    expect(await precheck(second.xml, { previousHash: first.hash, previousIcv: 1 })).toEqual([]);
    const wrong = await precheck(second.xml, { previousHash: FIRST_PIH, previousIcv: 5 });
    expect(wrong.map((i) => i.code).sort()).toEqual(['CHAIN-ICV', 'CHAIN-PIH']);
    const withMa = await precheck(buildUbl(makeDoc('invoice', 'simplified', 1, 'MA==')));
    expect(withMa.map((i) => i.code)).toEqual(['BR-KSA-26']);
  });
});
