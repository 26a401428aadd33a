/**
 * The pixel size of a PNG, JPEG or WEBP image, read from its header (never decoding the pixels): the
 * store's logo must be at most 500×500 and square (spec §5), told from the bytes the server got, not
 * from what the browser says. Null when the header is not one of these or is cut short.
 */
export type ImageSize = { width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function imageSize(bytes: Buffer): ImageSize | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return pngSize(bytes);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return webpSize(bytes);
  return null;
}

const positive = (s: ImageSize): ImageSize | null => (s.width > 0 && s.height > 0 ? s : null);

/** PNG: the first chunk is IHDR, width and height as big-endian 32-bit at 16 and 20. */
function pngSize(bytes: Buffer): ImageSize | null {
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return positive({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });
}

/**
 * JPEG: walk the segments after SOI to the first start-of-frame (SOF0–SOF15 but DHT C4, JPG C8 and
 * DAC CC), whose payload holds precision, height, width.
 */
function jpegSize(bytes: Buffer): ImageSize | null {
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1] ?? 0;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // Markers without a length: TEM, RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // Start of scan or end of image before any frame: no size.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = bytes.readUInt16BE(i + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > bytes.length) return null;
      return positive({ height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) });
    }
    i += 2 + length;
  }
  return null;
}

/** WEBP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, the canvas size). */
function webpSize(bytes: Buffer): ImageSize | null {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes) then the start code 9D 01 2A, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return positive({ width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff });
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return positive({ width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 });
  }
  if (chunk === 'VP8X') {
    const w = bytes.readUIntLE(24, 3) + 1;
    const h = bytes.readUIntLE(27, 3) + 1;
    return positive({ width: w, height: h });
  }
  return null;
}
