import { describe, expect, it } from 'vitest';
import { attempts, type Decoded, type ImageCodec, shrinkImage } from './shrink-image';

/** A stand-in codec: the encoded size grows with the pixels and the quality, as JPEG's does. */
function fakeCodec(width: number, height: number, bytesPerPixelAtFull = 0.5) {
  const calls: { width: number; height: number; type: string; quality: number }[] = [];
  let closed = false;
  const codec: ImageCodec = {
    decode: async () => ({ width, height, source: {} as CanvasImageSource, close: () => (closed = true) }) satisfies Decoded,
    encode: async (_img, w, h, type, quality) => {
      calls.push({ width: w, height: h, type, quality });
      return new Blob([new Uint8Array(Math.round(w * h * bytesPerPixelAtFull * quality))], { type });
    },
  };
  return { codec, calls, closed: () => closed };
}

const MB = 1024 * 1024;
const photo = (bytes: number, type = 'image/jpeg', name = 'IMG_2041.HEIC.jpeg') => new File([new Uint8Array(bytes)], name, { type });

describe('shrinkImage', () => {
  it('returns a file under the limit untouched, without decoding it', async () => {
    const f = fakeCodec(4000, 3000);
    const small = photo(MB);
    expect(await shrinkImage(small, { maxBytes: 2 * MB, types: ['image/jpeg'] }, f.codec)).toBe(small);
    expect(f.calls).toHaveLength(0);
  });

  it('redraws a 12 MP phone photo to at most 2048 px and under the limit, as a .jpg', async () => {
    const f = fakeCodec(4032, 3024);
    const out = await shrinkImage(photo(6 * MB), { maxBytes: 2 * MB, types: ['image/jpeg', 'image/png'] }, f.codec);
    expect(out.size).toBeLessThanOrEqual(2 * MB);
    expect(out.type).toBe('image/jpeg');
    expect(out.name).toBe('IMG_2041.HEIC.jpg');
    expect(f.calls[0]).toEqual({ width: 2048, height: 1536, type: 'image/jpeg', quality: 0.85 });
    expect(f.closed()).toBe(true);
  });

  it('lowers the quality, then the size, until it fits a tight limit', async () => {
    const f = fakeCodec(3000, 3000, 1);
    const out = await shrinkImage(photo(5 * MB), { maxBytes: 500 * 1024, maxSide: 500, types: ['image/jpeg'] }, f.codec);
    // 500×500 at 0.85 ≈ 212 kB fits at once.
    expect(out.size).toBeLessThanOrEqual(500 * 1024);
    const tight = fakeCodec(3000, 3000, 4);
    const out2 = await shrinkImage(photo(5 * MB), { maxBytes: 500 * 1024, maxSide: 500, types: ['image/jpeg'] }, tight.codec);
    expect(out2.size).toBeLessThanOrEqual(500 * 1024);
    expect(tight.calls.map((c) => c.quality)).toContain(0.6);
    expect(tight.calls.at(-1)?.width).toBeLessThan(500);
  });

  it('encodes WebP when the upload does not take JPEG', async () => {
    const f = fakeCodec(4000, 3000);
    const out = await shrinkImage(photo(6 * MB, 'image/png', 'scan.png'), { maxBytes: 2 * MB, types: ['image/webp'] }, f.codec);
    expect(out.type).toBe('image/webp');
    expect(out.name).toBe('scan.webp');
  });

  it('leaves a GIF, an undecodable file and one that never fits as they are, for the size check to explain', async () => {
    const gif = photo(5 * MB, 'image/gif', 'party.gif');
    expect(await shrinkImage(gif, { maxBytes: MB, types: ['image/jpeg', 'image/gif'] }, fakeCodec(10, 10).codec)).toBe(gif);
    const broken: ImageCodec = { decode: () => Promise.reject(new Error('bad')), encode: () => Promise.resolve(null) };
    const bad = photo(5 * MB);
    expect(await shrinkImage(bad, { maxBytes: MB, types: ['image/jpeg'] }, broken)).toBe(bad);
    const huge = fakeCodec(4000, 4000, 1e6);
    const never = photo(5 * MB);
    expect(await shrinkImage(never, { maxBytes: MB, types: ['image/jpeg'] }, huge.codec)).toBe(never);
    expect(huge.closed()).toBe(true);
  });
});

describe('attempts', () => {
  it('starts at the longest side capped, keeps the aspect ratio, and never upscales', () => {
    expect(attempts(1000, 500, 2048)[0]).toEqual({ width: 1000, height: 500, quality: 0.85 });
    const steps = attempts(3024, 4032, 2048);
    expect(steps[0]).toMatchObject({ width: 1536, height: 2048 });
    expect(steps.every((s, i) => i === 0 || s.width <= (steps[i - 1]?.width ?? Infinity))).toBe(true);
  });
});
