import { describe, expect, it } from 'vitest';
import { checkAttachment } from './attachment';

describe('attachment check', () => {
  it('takes images and PDF up to 5 MB', () => {
    expect(checkAttachment({ type: 'application/pdf', size: 1000 })).toBeNull();
    expect(checkAttachment({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkAttachment({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('file_too_large');
    expect(checkAttachment({ type: 'application/zip', size: 10 })).toBe('file_type');
  });
});
