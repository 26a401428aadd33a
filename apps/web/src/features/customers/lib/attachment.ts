import { CUSTOMER_ATTACHMENT_MAX_BYTES, CUSTOMER_ATTACHMENT_TYPES } from '@app/shared/schemas/customers';

/**
 * A first check before uploading (the server decides by the file's content): the type the browser
 * reports and the size. Answers the validation key of the problem, or null.
 */
export function checkAttachment(file: { type: string; size: number }): 'file_type' | 'file_too_large' | null {
  if (!(CUSTOMER_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return 'file_type';
  if (file.size > CUSTOMER_ATTACHMENT_MAX_BYTES) return 'file_too_large';
  return null;
}
