/**
 * Just enough ASN.1 DER for ZATCA: writing a PKCS#10 request (csr.ts) and reading a certificate's
 * parts (its signature for QR tag 9, the parts of a CSR in tests). Definite lengths only.
 */

export type Tlv = { tag: number; start: number; headerLength: number; length: number; end: number };

function encodeLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, ...content: Uint8Array[]): Buffer {
  const body = Buffer.concat(content.map((c) => Buffer.from(c)));
  return Buffer.concat([Buffer.from([tag]), encodeLength(body.length), body]);
}

export const seq = (...c: Uint8Array[]) => tlv(0x30, ...c);
export const set = (...c: Uint8Array[]) => tlv(0x31, ...c);
export const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
export const printable = (s: string) => {
  if (!/^[A-Za-z0-9 '()+,\-./:=?]*$/.test(s)) throw new RangeError(`not a PrintableString: ${s}`);
  return tlv(0x13, Buffer.from(s, 'ascii'));
};
export const octets = (b: Uint8Array) => tlv(0x04, b);
export const bitString = (b: Uint8Array) => tlv(0x03, Buffer.from([0]), b);
export const integer = (n: number) => {
  if (!Number.isInteger(n) || n < 0 || n > 127) throw new RangeError('small non-negative integers only');
  return tlv(0x02, Buffer.from([n]));
};
/** [n] context-specific, constructed (EXPLICIT wrapping or IMPLICIT of a constructed type). */
export const ctx = (n: number, ...c: Uint8Array[]) => tlv(0xa0 | n, ...c);

export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  if (parts.length < 2 || parts.some((p) => !Number.isSafeInteger(p) || p < 0)) throw new RangeError(`OID ${dotted}`);
  const out: number[] = [40 * parts[0]! + parts[1]!];
  for (const p of parts.slice(2)) {
    const b: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) b.unshift((v & 0x7f) | 0x80);
    out.push(...b);
  }
  return tlv(0x06, Buffer.from(out));
}

export function decodeOid(content: Uint8Array): string {
  const b = Buffer.from(content);
  const first = b[0]!;
  const parts = [Math.min(2, Math.floor(first / 40)), first - 40 * Math.min(2, Math.floor(first / 40))];
  let v = 0;
  for (let i = 1; i < b.length; i++) {
    v = v * 128 + (b[i]! & 0x7f);
    if ((b[i]! & 0x80) === 0) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

export function readTlv(buf: Uint8Array, offset = 0): Tlv {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (offset + 2 > b.length) throw new Error('DER: truncated');
  const tag = b[offset]!;
  let len = b[offset + 1]!;
  let header = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new Error('DER: unsupported length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + b[offset + 2 + i]!;
    header += n;
  }
  const end = offset + header + len;
  if (end > b.length) throw new Error('DER: value runs past the end');
  return { tag, start: offset, headerLength: header, length: len, end };
}

/** The TLVs directly inside a constructed value. */
export function readChildren(buf: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let o = parent.start + parent.headerLength; o < parent.end; ) {
    const t = readTlv(buf, o);
    out.push(t);
    o = t.end;
  }
  return out;
}

export function contentOf(buf: Uint8Array, t: Tlv): Buffer {
  return Buffer.from(buf).subarray(t.start + t.headerLength, t.end);
}

export function bytesOf(buf: Uint8Array, t: Tlv): Buffer {
  return Buffer.from(buf).subarray(t.start, t.end);
}

/** A certificate's (or CSR's) three parts: the signed body, the algorithm and the signature bytes. */
export function signedParts(der: Uint8Array): { tbs: Buffer; algorithm: string; signature: Buffer } {
  const top = readTlv(der);
  const [tbs, alg, sig] = readChildren(der, top);
  if (!tbs || !alg || !sig || sig.tag !== 0x03) throw new Error('DER: not a signed structure');
  const algOid = readChildren(der, alg)[0]!;
  return { tbs: bytesOf(der, tbs), algorithm: decodeOid(contentOf(der, algOid)), signature: contentOf(der, sig).subarray(1) };
}

/** PEM (any label) or bare base64 (as ZATCA's SDK keeps its keys and certificates) → DER bytes. */
export function pemToDer(text: string): Buffer {
  const body = text.replace(/-----(BEGIN|END)[^-]*-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) throw new Error('not PEM or base64');
  return Buffer.from(body, 'base64');
}

export function derToPem(der: Uint8Array, label: string): string {
  const b64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;
}
