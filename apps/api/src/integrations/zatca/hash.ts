import { createHash } from 'node:crypto';
import type { Document, Element } from '@xmldom/xmldom';
import { c14n11, child, NS, parseXml } from './c14n';

/**
 * The invoice hash (KSA-13, QR tag 6, the DigestValue of the reference Id="invoiceSignedData"):
 * base64 of the SHA-256 of the canonical form of the document without the three parts the
 * signature's XPath transforms leave out — ext:UBLExtensions, cac:Signature and the
 * cac:AdditionalDocumentReference whose cbc:ID is QR — canonicalised with C14N 1.1
 * (http://www.w3.org/2006/12/xml-c14n11, no comments). This is what ZATCA's SDK computes (an XSLT
 * identity transform that drops those elements, then Apache Santuario's C14N 1.1) and what its
 * platform recomputes from the submitted document: the whitespace text around the removed elements
 * stays, so inserting the signature block and the QR without adding whitespace keeps the hash.
 */
export function excludedFromHash(el: Element): boolean {
  if (el.namespaceURI === NS.ext && el.localName === 'UBLExtensions') return true;
  if (el.namespaceURI === NS.cac && el.localName === 'Signature') return true;
  if (el.namespaceURI === NS.cac && el.localName === 'AdditionalDocumentReference') {
    const id = child(el, NS.cbc, 'ID');
    return !!id && (id.textContent ?? '').trim() === 'QR';
  }
  return false;
}

/** The canonical bytes the invoice hash is taken over (as a string). */
export function canonicalInvoice(xml: string | Document): string {
  const doc = typeof xml === 'string' ? parseXml(xml) : xml;
  return c14n11(doc, excludedFromHash);
}

export function invoiceHash(xml: string | Document): string {
  return createHash('sha256').update(canonicalInvoice(xml), 'utf8').digest('base64');
}

/** The hash that starts every chain (PIH of the first document): base64 of the hex SHA-256 of "0". */
export const FIRST_PIH = Buffer.from(createHash('sha256').update('0').digest('hex')).toString('base64');
