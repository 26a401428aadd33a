import { minorToDecimalString } from '@app/shared/money';
import { NS } from './c14n';

/**
 * The UBL 2.1 document ZATCA reports and clears: an invoice (388), a credit note (381) or a debit
 * note (383) — all three are `<Invoice>` documents, told apart by cbc:InvoiceTypeCode — standard
 * (name 0100000, B2B, cleared) or simplified (0200000, B2C, reported). Modelled on ZATCA's samples,
 * element for element, in UBL's order. The document is unsigned: signUbl (sign.ts) adds the
 * ext:UBLExtensions stamp and the QR reference without touching what the hash covers.
 *
 * Money is integer minor units (halalas) written with exactly the currency's decimal digits.
 * IssueDate/IssueTime are Saudi wall-clock time (Asia/Riyadh, UTC+03:00, no DST) without a zone,
 * as in the samples; the QR's timestamp carries the zone (sign.ts, qrTimestamp).
 */

export type ZatcaCategory = 'S' | 'Z' | 'E' | 'O';

export type ZatcaParty = { name: string; vatNumber?: string | null; crNumber?: string | null; street?: string | null; building?: string | null; district?: string | null; city?: string | null; postalCode?: string | null; country: string };

export type ZatcaLine = { id: number; name: string; quantity: number; unitPrice: number; discount: number; net: number; category: ZatcaCategory; rateBps: number; vat: number; exemptionCode?: string | null; exemptionReason?: string | null };

export type ZatcaTaxGroup = { category: ZatcaCategory; rateBps: number; taxable: number; amount: number; exemptionCode?: string | null; exemptionReason?: string | null };

export type ZatcaDocument = {
  kind: 'invoice' | 'credit' | 'debit';
  profile: 'standard' | 'simplified';
  number: string;
  uuid: string;
  issuedAt: Date;
  icv: number;
  pih: string;
  currency: string;
  digits: number;
  seller: ZatcaParty;
  buyer?: ZatcaParty | null;
  lines: ZatcaLine[];
  taxGroups: ZatcaTaxGroup[];
  billingReference?: string | null;
  reason?: string | null;
  paymentMeansCode: string;
  deliveryDate?: string | null;
};

export const TYPE_CODE = { invoice: '388', credit: '381', debit: '383' } as const;
export const TYPE_NAME = { standard: '0100000', simplified: '0200000' } as const;

const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Saudi wall-clock date and time of an instant: ["2022-08-17", "17:41:08"]. */
export function riyadhDateTime(at: Date): [string, string] {
  if (Number.isNaN(at.getTime())) throw new RangeError('issuedAt is not a valid date');
  const iso = new Date(at.getTime() + RIYADH_OFFSET_MS).toISOString();
  return [iso.slice(0, 10), iso.slice(11, 19)];
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\r/g, '&#xD;');
}

function quantityText(q: number): string {
  if (!Number.isFinite(q) || q <= 0) throw new RangeError(`line quantity ${q}`);
  return q.toFixed(6);
}

function percentText(rateBps: number): string {
  if (!Number.isInteger(rateBps) || rateBps < 0) throw new RangeError(`rate ${rateBps} bps`);
  return (rateBps / 100).toFixed(2);
}

export function buildUbl(doc: ZatcaDocument): string {
  if (doc.currency !== 'SAR') throw new RangeError(`currency ${doc.currency}: only SAR documents are built (a foreign-currency document needs a second TaxTotal in SAR)`);
  const probe = minorToDecimalString(1, doc.currency);
  const currencyDigits = probe.includes('.') ? probe.split('.')[1]!.length : 0;
  if (currencyDigits !== doc.digits) throw new RangeError(`${doc.currency} has ${currencyDigits} decimal digits, the document says ${doc.digits}`);
  if (doc.lines.length === 0) throw new RangeError('a document needs at least one line');
  if ((doc.kind === 'credit' || doc.kind === 'debit') && (!doc.billingReference || !doc.reason)) throw new RangeError(`a ${doc.kind} note needs the billing reference and the reason`);

  const x = escapeXml;
  const cur = doc.currency;
  const amt = (tag: string, minor: number) => `<cbc:${tag} currencyID="${cur}">${minorToDecimalString(minor, cur)}</cbc:${tag}>`;
  const [issueDate, issueTime] = riyadhDateTime(doc.issuedAt);
  const lineTotal = doc.lines.reduce((s, l) => s + l.net, 0);
  const vatTotal = doc.taxGroups.reduce((s, g) => s + g.amount, 0);
  const out: string[] = [];
  const put = (indent: number, s: string) => out.push(`${' '.repeat(indent)}${s}`);

  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<Invoice xmlns="${NS.inv}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ext="${NS.ext}">`);
  put(4, '<cbc:ProfileID>reporting:1.0</cbc:ProfileID>');
  put(4, `<cbc:ID>${x(doc.number)}</cbc:ID>`);
  put(4, `<cbc:UUID>${x(doc.uuid)}</cbc:UUID>`);
  put(4, `<cbc:IssueDate>${issueDate}</cbc:IssueDate>`);
  put(4, `<cbc:IssueTime>${issueTime}</cbc:IssueTime>`);
  put(4, `<cbc:InvoiceTypeCode name="${TYPE_NAME[doc.profile]}">${TYPE_CODE[doc.kind]}</cbc:InvoiceTypeCode>`);
  put(4, `<cbc:DocumentCurrencyCode>${x(cur)}</cbc:DocumentCurrencyCode>`);
  put(4, '<cbc:TaxCurrencyCode>SAR</cbc:TaxCurrencyCode>');
  if (doc.kind !== 'invoice') {
    put(4, '<cac:BillingReference>');
    put(8, '<cac:InvoiceDocumentReference>');
    put(12, `<cbc:ID>${x(doc.billingReference!)}</cbc:ID>`);
    put(8, '</cac:InvoiceDocumentReference>');
    put(4, '</cac:BillingReference>');
  }
  put(4, '<cac:AdditionalDocumentReference>');
  put(8, '<cbc:ID>ICV</cbc:ID>');
  put(8, `<cbc:UUID>${doc.icv}</cbc:UUID>`);
  put(4, '</cac:AdditionalDocumentReference>');
  put(4, '<cac:AdditionalDocumentReference>');
  put(8, '<cbc:ID>PIH</cbc:ID>');
  put(8, '<cac:Attachment>');
  put(12, `<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${x(doc.pih)}</cbc:EmbeddedDocumentBinaryObject>`);
  put(8, '</cac:Attachment>');
  put(4, '</cac:AdditionalDocumentReference>');
  put(4, '<cac:Signature>');
  put(8, '<cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID>');
  put(8, '<cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod>');
  put(4, '</cac:Signature>');

  const party = (role: 'AccountingSupplierParty' | 'AccountingCustomerParty', p: ZatcaParty | null) => {
    put(4, `<cac:${role}>`);
    if (!p) {
      put(8, '<cac:Party/>');
      put(4, `</cac:${role}>`);
      return;
    }
    put(8, '<cac:Party>');
    if (p.crNumber) {
      put(12, '<cac:PartyIdentification>');
      put(16, `<cbc:ID schemeID="CRN">${x(p.crNumber)}</cbc:ID>`);
      put(12, '</cac:PartyIdentification>');
    }
    put(12, '<cac:PostalAddress>');
    if (p.street) put(16, `<cbc:StreetName>${x(p.street)}</cbc:StreetName>`);
    if (p.building) put(16, `<cbc:BuildingNumber>${x(p.building)}</cbc:BuildingNumber>`);
    if (p.district) put(16, `<cbc:CitySubdivisionName>${x(p.district)}</cbc:CitySubdivisionName>`);
    if (p.city) put(16, `<cbc:CityName>${x(p.city)}</cbc:CityName>`);
    if (p.postalCode) put(16, `<cbc:PostalZone>${x(p.postalCode)}</cbc:PostalZone>`);
    put(16, '<cac:Country>');
    put(20, `<cbc:IdentificationCode>${x(p.country)}</cbc:IdentificationCode>`);
    put(16, '</cac:Country>');
    put(12, '</cac:PostalAddress>');
    put(12, '<cac:PartyTaxScheme>');
    if (p.vatNumber) put(16, `<cbc:CompanyID>${x(p.vatNumber)}</cbc:CompanyID>`);
    put(16, '<cac:TaxScheme>');
    put(20, '<cbc:ID>VAT</cbc:ID>');
    put(16, '</cac:TaxScheme>');
    put(12, '</cac:PartyTaxScheme>');
    put(12, '<cac:PartyLegalEntity>');
    put(16, `<cbc:RegistrationName>${x(p.name)}</cbc:RegistrationName>`);
    put(12, '</cac:PartyLegalEntity>');
    put(8, '</cac:Party>');
    put(4, `</cac:${role}>`);
  };
  party('AccountingSupplierParty', doc.seller);
  party('AccountingCustomerParty', doc.buyer ?? null);

  if (doc.profile === 'standard') {
    put(4, '<cac:Delivery>');
    put(8, `<cbc:ActualDeliveryDate>${x(doc.deliveryDate ?? issueDate)}</cbc:ActualDeliveryDate>`);
    put(4, '</cac:Delivery>');
  }
  put(4, '<cac:PaymentMeans>');
  put(8, `<cbc:PaymentMeansCode>${x(doc.paymentMeansCode)}</cbc:PaymentMeansCode>`);
  if (doc.kind !== 'invoice') put(8, `<cbc:InstructionNote>${x(doc.reason!)}</cbc:InstructionNote>`);
  put(4, '</cac:PaymentMeans>');

  const category = (indent: number, tag: 'TaxCategory' | 'ClassifiedTaxCategory', c: { category: ZatcaCategory; rateBps: number; exemptionCode?: string | null; exemptionReason?: string | null }, withExemption: boolean) => {
    put(indent, `<cac:${tag}>`);
    put(indent + 4, tag === 'TaxCategory' ? `<cbc:ID schemeID="UN/ECE 5305" schemeAgencyID="6">${c.category}</cbc:ID>` : `<cbc:ID>${c.category}</cbc:ID>`);
    put(indent + 4, `<cbc:Percent>${percentText(c.rateBps)}</cbc:Percent>`);
    if (withExemption && c.category !== 'S') {
      if (c.exemptionCode) put(indent + 4, `<cbc:TaxExemptionReasonCode>${x(c.exemptionCode)}</cbc:TaxExemptionReasonCode>`);
      if (c.exemptionReason) put(indent + 4, `<cbc:TaxExemptionReason>${x(c.exemptionReason)}</cbc:TaxExemptionReason>`);
    }
    put(indent + 4, '<cac:TaxScheme>');
    put(indent + 8, tag === 'TaxCategory' ? '<cbc:ID schemeID="UN/ECE 5153" schemeAgencyID="6">VAT</cbc:ID>' : '<cbc:ID>VAT</cbc:ID>');
    put(indent + 4, '</cac:TaxScheme>');
    put(indent, `</cac:${tag}>`);
  };

  put(4, '<cac:TaxTotal>');
  put(8, amt('TaxAmount', vatTotal));
  put(4, '</cac:TaxTotal>');
  put(4, '<cac:TaxTotal>');
  put(8, amt('TaxAmount', vatTotal));
  for (const g of doc.taxGroups) {
    put(8, '<cac:TaxSubtotal>');
    put(12, amt('TaxableAmount', g.taxable));
    put(12, amt('TaxAmount', g.amount));
    category(12, 'TaxCategory', g, true);
    put(8, '</cac:TaxSubtotal>');
  }
  put(4, '</cac:TaxTotal>');
  put(4, '<cac:LegalMonetaryTotal>');
  put(8, amt('LineExtensionAmount', lineTotal));
  put(8, amt('TaxExclusiveAmount', lineTotal));
  put(8, amt('TaxInclusiveAmount', lineTotal + vatTotal));
  put(8, amt('AllowanceTotalAmount', 0));
  put(8, amt('PrepaidAmount', 0));
  put(8, amt('PayableAmount', lineTotal + vatTotal));
  put(4, '</cac:LegalMonetaryTotal>');

  for (const l of doc.lines) {
    const q = quantityText(l.quantity);
    put(4, '<cac:InvoiceLine>');
    put(8, `<cbc:ID>${l.id}</cbc:ID>`);
    put(8, `<cbc:InvoicedQuantity unitCode="PCE">${q}</cbc:InvoicedQuantity>`);
    put(8, amt('LineExtensionAmount', l.net));
    put(8, '<cac:TaxTotal>');
    put(12, amt('TaxAmount', l.vat));
    put(12, amt('RoundingAmount', l.net + l.vat));
    put(8, '</cac:TaxTotal>');
    put(8, '<cac:Item>');
    put(12, `<cbc:Name>${x(l.name)}</cbc:Name>`);
    category(12, 'ClassifiedTaxCategory', l, false);
    put(8, '</cac:Item>');
    put(8, '<cac:Price>');
    if (l.discount > 0) {
      // A discount on the line: the price is the line's net for the whole quantity (BaseQuantity),
      // the discount its allowance on the gross amount, so quantity × price / base = net exactly.
      put(12, amt('PriceAmount', l.net));
      put(12, `<cbc:BaseQuantity unitCode="PCE">${q}</cbc:BaseQuantity>`);
      put(12, '<cac:AllowanceCharge>');
      put(16, '<cbc:ChargeIndicator>false</cbc:ChargeIndicator>');
      put(16, '<cbc:AllowanceChargeReason>discount</cbc:AllowanceChargeReason>');
      put(16, amt('Amount', l.discount));
      put(16, amt('BaseAmount', l.net + l.discount));
      put(12, '</cac:AllowanceCharge>');
    } else {
      put(12, amt('PriceAmount', l.unitPrice));
    }
    put(8, '</cac:Price>');
    put(4, '</cac:InvoiceLine>');
  }
  out.push('</Invoice>');
  return `${out.join('\n')}\n`;
}
