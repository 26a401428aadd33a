/**
 * The QR code's payload (ZATCA): tags 1–9 as TLV — a tag byte, a length byte, the value's UTF-8
 * bytes — concatenated and base64-encoded. Built on bytes, never on strings: a 64-letter Arabic
 * seller name is 128 bytes, and a length of 128 or more written into a JavaScript string and then
 * encoded as UTF-8 becomes two bytes and breaks every reader (aashahin/zatca-sdk's warning). ZATCA's
 * length is one byte, so a value is at most 255 bytes.
 *
 *  1 seller's name · 2 VAT registration number · 3 time stamp of the invoice (with its zone)
 *  4 invoice total with VAT · 5 VAT total · 6 hash of the XML invoice · 7 ECDSA signature
 *  8 ECDSA public key · 9 (simplified only) the signature of the stamp's certificate by ZATCA's CA
 */
export type TlvValue = string | Uint8Array;

export function encodeTlv(tags: readonly (readonly [number, TlvValue])[]): Buffer {
  const parts: Buffer[] = [];
  for (const [tag, value] of tags) {
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
    if (!Number.isInteger(tag) || tag < 1 || tag > 255) throw new RangeError(`TLV tag ${tag}`);
    if (bytes.length > 255) throw new RangeError(`TLV tag ${tag} is ${bytes.length} bytes; at most 255`);
    parts.push(Buffer.from([tag, bytes.length]), bytes);
  }
  return Buffer.concat(parts);
}

/** The tags of a payload, each value as bytes (a reader of our own QR codes and ZATCA's samples). */
export function decodeTlv(payload: Uint8Array): Map<number, Buffer> {
  const out = new Map<number, Buffer>();
  const buf = Buffer.from(payload);
  let i = 0;
  while (i < buf.length) {
    if (i + 2 > buf.length) throw new Error('TLV: truncated header');
    const tag = buf[i]!;
    const len = buf[i + 1]!;
    if (i + 2 + len > buf.length) throw new Error(`TLV: tag ${tag} runs past the end`);
    out.set(tag, buf.subarray(i + 2, i + 2 + len));
    i += 2 + len;
  }
  return out;
}

/** Phase-one QR (tags 1–5) of a document; phase two appends 6–9 once it is signed. */
export function qrBase64(fields: { seller: string; vatNumber: string; timestamp: string; total: string; vat: string }, signed: readonly (readonly [number, TlvValue])[] = []): string {
  return encodeTlv([[1, fields.seller], [2, fields.vatNumber], [3, fields.timestamp], [4, fields.total], [5, fields.vat], ...signed]).toString('base64');
}
