import { STORE_IMAGE_MAX_BYTES, STORE_IMAGE_TYPES, STORE_LOGO_MAX_BYTES, STORE_LOGO_MAX_PX, STORE_LOGO_TYPES, type StoreImage } from '@app/shared/schemas/store';

export type ImageSize = { width: number; height: number };

/** The checks a picked image fails before it is sent (spec §5), as keys of `store:images.errors`. */
export type ImageErrorKey = 'logoType' | 'logoTooLarge' | 'logoSquare' | 'logoDimensions' | 'imageType' | 'imageTooLarge' | 'unreadable';

/** The types and size allowed for each image (spec §5: the logo JPG/PNG under 500 KB, the others 2 MB). */
export function imageRules(kind: StoreImage | 'gallery'): { types: readonly string[]; maxBytes: number } {
  return kind === 'logo' ? { types: STORE_LOGO_TYPES, maxBytes: STORE_LOGO_MAX_BYTES } : { types: STORE_IMAGE_TYPES, maxBytes: STORE_IMAGE_MAX_BYTES };
}

/** The image's natural size, read by the browser (null when it cannot be decoded). */
export function readImageSize(file: Blob): Promise<ImageSize | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(null);
    };
    img.src = url;
  });
}

/**
 * What is wrong with a picked file, or null: its type, its size, and for the logo its pixels (at most
 * 500×500 and square). The server checks the same again on the bytes it gets.
 */
export async function checkStoreImage(kind: StoreImage | 'gallery', file: File, sizeOf: (f: File) => Promise<ImageSize | null> = readImageSize): Promise<ImageErrorKey | null> {
  const rules = imageRules(kind);
  const logo = kind === 'logo';
  if (!rules.types.includes(file.type)) return logo ? 'logoType' : 'imageType';
  if (file.size > rules.maxBytes) return logo ? 'logoTooLarge' : 'imageTooLarge';
  if (!logo) return null;
  const size = await sizeOf(file);
  if (!size) return 'unreadable';
  // The server's order: the pixels first, then the shape.
  if (size.width > STORE_LOGO_MAX_PX || size.height > STORE_LOGO_MAX_PX) return 'logoDimensions';
  if (size.width !== size.height) return 'logoSquare';
  return null;
}
