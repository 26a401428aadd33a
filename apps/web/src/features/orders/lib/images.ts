import { ORDER_IMAGE_MAX_BYTES, ORDER_IMAGE_TYPES, ORDER_IMAGES_MAX } from '@app/shared/schemas/orders';

/** Order images (the API's limits): jpeg/png/webp, 2 MB each, at most 10 per order. */
export const ACCEPTED_IMAGE: readonly string[] = ORDER_IMAGE_TYPES;
export const IMAGE_MAX_BYTES = ORDER_IMAGE_MAX_BYTES;
export const IMAGES_MAX = ORDER_IMAGES_MAX;
