import { describe, expect, it } from 'vitest';
import { isValidIban, normalizeIban } from './iban';

describe('IBAN', () => {
  it('accepts valid IBANs, with spaces and lower case', () => {
    expect(isValidIban('SA0380000000608010167519')).toBe(true);
    expect(isValidIban('sa03 8000 0000 6080 1016 7519')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('AE070331234567890123456')).toBe(true);
    expect(normalizeIban(' sa03 8000 ')).toBe('SA038000');
  });

  it('refuses a wrong check digit, a wrong length or bad characters', () => {
    expect(isValidIban('SA0480000000608010167519')).toBe(false);
    expect(isValidIban('SA038000000060801016751')).toBe(false);
    expect(isValidIban('SA03800000006080101675199')).toBe(false);
    expect(isValidIban('SA03-8000-0000-6080-1016-7519')).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(isValidIban('1234567890123456')).toBe(false);
  });
});
