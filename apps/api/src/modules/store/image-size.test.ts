import { describe, expect, it } from 'vitest';
import { sniffImage } from '../../integrations/storage/storage.adapter';
import { imageSize } from './image-size';
import { jpegHeader, png, webpHeader } from './store.fixtures';

describe('imageSize (read from the header)', () => {
  it('reads a PNG of any size and tells it apart from its signature alone', () => {
    expect(imageSize(png(1, 1))).toEqual({ width: 1, height: 1 });
    expect(imageSize(png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(sniffImage(png(3, 2))?.mime).toBe('image/png');
    // The signature without an IHDR chunk.
    expect(imageSize(png(10, 10).subarray(0, 12))).toBeNull();
    const noIhdr = Buffer.from(png(10, 10));
    noIhdr.write('IDAT', 12, 'latin1');
    expect(imageSize(noIhdr)).toBeNull();
  });

  it('reads a JPEG from its start-of-frame, past the segments before it', () => {
    expect(imageSize(jpegHeader(500, 500))).toEqual({ width: 500, height: 500 });
    expect(imageSize(jpegHeader(1024, 300))).toEqual({ width: 1024, height: 300 });
    // Cut before the frame: no size.
    expect(imageSize(jpegHeader(10, 10).subarray(0, 30))).toBeNull();
    // A scan before any frame.
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x04, 0x00, 0x00]))).toBeNull();
  });

  it('reads the three kinds of WEBP', () => {
    expect(imageSize(webpHeader('VP8 ', 320, 200))).toEqual({ width: 320, height: 200 });
    expect(imageSize(webpHeader('VP8L', 64, 48))).toEqual({ width: 64, height: 48 });
    expect(imageSize(webpHeader('VP8X', 4000, 3000))).toEqual({ width: 4000, height: 3000 });
  });

  it('answers null for anything else', () => {
    expect(imageSize(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(imageSize(Buffer.from('not an image at all, just text'))).toBeNull();
    expect(imageSize(Buffer.alloc(0))).toBeNull();
    expect(imageSize(png(0, 5))).toBeNull();
  });
});
