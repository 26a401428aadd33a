import { crc32, deflateSync } from 'node:zlib';

/** PNG encoding without an image library (the demo store's pictures, test images). */

/** An 8-bit RGB PNG of `width`×`height` from its pixels (`rgb`: 3 bytes a pixel, row by row). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    // Filter "up" (the difference to the row above): smooth pictures compress well.
    const at = y * (stride + 1);
    const row = y * stride;
    raw[at] = y === 0 ? 0 : 2;
    for (let i = 0; i < stride; i++) raw[at + 1 + i] = y === 0 ? rgb[row + i]! : (rgb[row + i]! - rgb[row - stride + i]! + 256) & 255;
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}

