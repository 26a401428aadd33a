import { encodePng } from '../lib/png';
import { Rng } from './seed-demo';

/**
 * The demo store's pictures (logo, banner, favicon, gallery), drawn in code and encoded as PNG with
 * node:zlib: no network, no image library, the same bytes at every run (a seeded PRNG).
 */

type Rgb = readonly [number, number, number];

export function hexRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
/** 0 outside, 1 inside, a pixel-wide edge between (`d`: signed distance, negative inside). */
const cover = (d: number, edge: number) => clamp01(0.5 - d / edge);

/** The pixels `paint` gives, as encodePng takes them. */
function paintAll(width: number, height: number, paint: (x: number, y: number) => Rgb): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = paint(x, y);
      const i = (y * width + x) * 3;
      out[i] = c[0];
      out[i + 1] = c[1];
      out[i + 2] = c[2];
    }
  }
  return out;
}

export type StorePalette = { primary: string; secondary: string; background: string };

/**
 * The mark: a flower of six petals in the secondary colour with a white heart, on a disc of the
 * primary colour, on white (square, as the logo must be).
 */
function markPainter(size: number, p: StorePalette) {
  const primary = hexRgb(p.primary);
  const secondary = hexRgb(p.secondary);
  const white: Rgb = [255, 255, 255];
  const c = size / 2;
  const edge = Math.max(1, size / 256) * 1.2;
  return (x: number, y: number): Rgb => {
    const dx = x + 0.5 - c;
    const dy = y + 0.5 - c;
    const r = Math.hypot(dx, dy);
    let out: Rgb = white;
    out = mix(out, primary, cover(r - size * 0.47, edge));
    // Petals: ellipses along six directions.
    let petal = 0;
    for (let k = 0; k < 6; k++) {
      const a = (k * Math.PI) / 3 - Math.PI / 2;
      const u = dx * Math.cos(a) + dy * Math.sin(a) - size * 0.17;
      const v = -dx * Math.sin(a) + dy * Math.cos(a);
      const d = Math.hypot(u / (size * 0.15), v / (size * 0.075)) - 1;
      petal = Math.max(petal, cover(d * size * 0.075, edge));
    }
    out = mix(out, secondary, petal);
    out = mix(out, white, cover(r - size * 0.075, edge));
    return out;
  };
}

export function logoPng(p: StorePalette, size = 256): Buffer {
  return encodePng(size, size, paintAll(size, size, markPainter(size, p)));
}

export function faviconPng(p: StorePalette): Buffer {
  return encodePng(64, 64, paintAll(64, 64, markPainter(64, p)));
}

type Bubble = { x: number; y: number; r: number; color: Rgb; alpha: number };

function bubbles(seed: string, width: number, height: number, colors: readonly Rgb[], n: number, scale: number): Bubble[] {
  const rng = new Rng(seed);
  return Array.from({ length: n }, () => ({
    x: rng.next() * width,
    y: rng.next() * height,
    r: (0.04 + rng.next() * 0.14) * scale,
    color: rng.pick(colors),
    alpha: 0.12 + rng.next() * 0.22,
  }));
}

/**
 * A soft scene: a diagonal gradient, blurred discs of light, and a gentle wave along the bottom.
 * Painted into a buffer first, each disc only over its own square, so a picture takes milliseconds.
 */
function scene(width: number, height: number, from: Rgb, to: Rgb, glow: readonly Rgb[], seed: string, wave: Rgb | null): Buffer {
  const px = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = clamp01((x / width) * 0.6 + (y / height) * 0.4);
      const i = (y * width + x) * 3;
      px[i] = from[0] + (to[0] - from[0]) * t;
      px[i + 1] = from[1] + (to[1] - from[1]) * t;
      px[i + 2] = from[2] + (to[2] - from[2]) * t;
    }
  }
  for (const b of bubbles(seed, width, height, glow, 10, Math.min(width, height) * 1.6)) {
    // A soft edge a fifth of the radius wide: light, not shapes.
    const reach = b.r * 1.2;
    const x0 = Math.max(0, Math.floor(b.x - reach));
    const x1 = Math.min(width - 1, Math.ceil(b.x + reach));
    const y0 = Math.max(0, Math.floor(b.y - reach));
    const y1 = Math.min(height - 1, Math.ceil(b.y + reach));
    const soft = b.r * 0.4;
    for (let y = y0; y <= y1; y++) {
      const dy2 = (y - b.y) * (y - b.y);
      for (let x = x0; x <= x1; x++) {
        const a = clamp01(0.5 - (Math.sqrt((x - b.x) * (x - b.x) + dy2) - b.r) / soft) * b.alpha;
        if (a <= 0) continue;
        const i = (y * width + x) * 3;
        px[i] = px[i]! + (b.color[0] - px[i]!) * a;
        px[i + 1] = px[i + 1]! + (b.color[1] - px[i + 1]!) * a;
        px[i + 2] = px[i + 2]! + (b.color[2] - px[i + 2]!) * a;
      }
    }
  }
  if (wave) {
    for (let x = 0; x < width; x++) {
      const crest = height * (0.8 + 0.06 * Math.sin((x / width) * Math.PI * 2.2 + 0.6));
      for (let y = Math.max(0, Math.floor(crest - 1)); y < height; y++) {
        const a = cover(crest - y, 1.2) * 0.55;
        const i = (y * width + x) * 3;
        for (let k = 0; k < 3; k++) px[i + k] = px[i + k]! + (wave[k]! - px[i + k]!) * a;
      }
    }
  }
  // Uint8Array rounds down: add a half.
  const out = new Uint8Array(px.length);
  for (let i = 0; i < px.length; i++) out[i] = px[i]! + 0.5;
  return encodePng(width, height, out);
}

export function bannerPng(p: StorePalette, width = 1200, height = 400): Buffer {
  const primary = hexRgb(p.primary);
  const deep = mix(primary, [0, 0, 0], 0.35);
  const secondary = hexRgb(p.secondary);
  return scene(width, height, deep, primary, [secondary, [255, 255, 255]], 'banner', mix(secondary, [255, 255, 255], 0.35));
}

/** The gallery's palettes (two gradient ends and the light), one picture each. */
const GALLERY_TONES: readonly [string, string, string][] = [
  ['#0B7A75', '#5BC0BE', '#FFFFFF'],
  ['#B5838D', '#FFCDB2', '#FFF1E6'],
  ['#6D597A', '#B56576', '#EAAC8B'],
  ['#E9B872', '#F6E7CB', '#FFFFFF'],
  ['#355070', '#6D9DC5', '#E5E5E5'],
  ['#2A9D8F', '#E9C46A', '#F4A261'],
];

export function galleryPng(i: number, width = 640, height = 480): Buffer {
  const [a, b, light] = GALLERY_TONES[i % GALLERY_TONES.length]!;
  return scene(width, height, hexRgb(a), hexRgb(b), [hexRgb(light), [255, 255, 255]], `gallery-${i}`, null);
}

export const GALLERY_COUNT = GALLERY_TONES.length;
