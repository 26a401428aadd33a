/**
 * Phone photos are often 4–12 MB, over every upload limit. Before an image is uploaded the browser
 * redraws it smaller (longest side at most `maxSide`, then lower JPEG quality, then smaller again)
 * until it fits `maxBytes`, so a photo "just works"; the server keeps its own checks. A file already
 * under the limit, a GIF (redrawing would drop its animation) or one the browser cannot decode is
 * returned as it is, and the caller's size check then explains the limit.
 */

export type ShrinkOptions = {
  maxBytes: number;
  /** Longest side in pixels after the first redraw. */
  maxSide?: number;
  /** Types the upload accepts: the redraw is JPEG, or WebP when JPEG is not accepted. */
  types: readonly string[];
};

export type Decoded = { width: number; height: number; source: CanvasImageSource; close?: () => void };

/** How an image is decoded and encoded: the browser's canvas, or a stand-in in tests. */
export type ImageCodec = {
  decode(file: Blob): Promise<Decoded>;
  encode(image: Decoded, width: number, height: number, type: string, quality: number): Promise<Blob | null>;
};

export const DEFAULT_MAX_SIDE = 2048;
const QUALITIES = [0.85, 0.72, 0.6] as const;
const SCALE_STEP = 0.75;
const MAX_ROUNDS = 6;
/** Types a canvas can redraw without losing anything a user would miss. */
const REDRAWABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

/** The sizes and qualities tried in turn: full quality at the first size, lower ones, then smaller sizes. */
export function attempts(width: number, height: number, maxSide: number): { width: number; height: number; quality: number }[] {
  const out: { width: number; height: number; quality: number }[] = [];
  let scale = Math.min(1, maxSide / Math.max(width, height, 1));
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    for (const quality of QUALITIES) out.push({ width: w, height: h, quality });
    scale *= SCALE_STEP;
  }
  return out;
}

function renamed(name: string, type: string): string {
  const ext = type === 'image/webp' ? 'webp' : 'jpg';
  const base = name.replace(/\.[^.]+$/, '') || 'photo';
  return `${base}.${ext}`;
}

export async function shrinkImage(file: File, opts: ShrinkOptions, codec: ImageCodec = canvasCodec): Promise<File> {
  if (file.size <= opts.maxBytes || !REDRAWABLE.has(file.type)) return file;
  const type = opts.types.includes('image/jpeg') ? 'image/jpeg' : opts.types.includes('image/webp') ? 'image/webp' : null;
  if (!type) return file;
  let image: Decoded;
  try {
    image = await codec.decode(file);
  } catch {
    return file;
  }
  try {
    for (const a of attempts(image.width, image.height, opts.maxSide ?? DEFAULT_MAX_SIDE)) {
      const blob = await codec.encode(image, a.width, a.height, type, a.quality);
      if (blob && blob.size <= opts.maxBytes) return new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified });
    }
    return file;
  } catch {
    return file;
  } finally {
    image.close?.();
  }
}

/** Every file through `shrinkImage`, in order. */
export function shrinkImages(files: File[], opts: ShrinkOptions, codec: ImageCodec = canvasCodec): Promise<File[]> {
  return Promise.all(files.map((f) => shrinkImage(f, opts, codec)));
}

export const canvasCodec: ImageCodec = {
  async decode(file) {
    // EXIF rotation applied, so a portrait phone photo stays upright.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { width: bitmap.width, height: bitmap.height, source: bitmap, close: () => bitmap.close() };
  },
  encode(image, width, height, type, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const g = canvas.getContext('2d');
    if (!g) return Promise.resolve(null);
    // JPEG has no transparency: a white background instead of black behind a transparent PNG.
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, width, height);
    g.imageSmoothingQuality = 'high';
    g.drawImage(image.source, 0, 0, width, height);
    return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
  },
};
