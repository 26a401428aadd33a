import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePhone, PHONE_COUNTRIES, PHONE_COUNTRY_CODES, westernDigits } from './phone';
import { withSeed } from './testing/property';

const arabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

describe('normalizePhone', () => {
  it.each([
    ['512345678', 'SA', '+966512345678'],
    ['0512345678', 'SA', '+966512345678'],
    ['+966512345678', 'SA', '+966512345678'],
    ['00966512345678', 'SA', '+966512345678'],
    ['966512345678', 'SA', '+966512345678'],
    ['+966 51 234 5678', 'SA', '+966512345678'],
    ['051-234-5678', 'SA', '+966512345678'],
    ['(051) 234 5678', 'SA', '+966512345678'],
    ['٠٥١٢٣٤٥٦٧٨', 'SA', '+966512345678'],
    ['+٩٦٦٥١٢٣٤٥٦٧٨', 'SA', '+966512345678'],
    ['۰۵۱۲۳۴۵۶۷۸', 'SA', '+966512345678'],
    ['051.234.5678', 'SA', '+966512345678'],
    ['\u00a0+966\u00a0512345678', 'SA', '+966512345678'],
    ['512345678', 'sa', '+966512345678'],
    ['0501234567', 'AE', '+971501234567'],
    ['+971501234567', 'AE', '+971501234567'],
    ['٠٥٠١٢٣٤٥٦٧', 'AE', '+971501234567'],
    ['01012345678', 'EG', '+201012345678'],
    ['+201012345678', 'EG', '+201012345678'],
    ['00201112345678', 'EG', '+201112345678'],
    ['٠١٢١٢٣٤٥٦٧٨', 'EG', '+201212345678'],
  ])('normalizes %s (%s) to %s', (raw, country, expected) => {
    expect(normalizePhone(raw, country)).toBe(expected);
  });

  it.each([
    ['412345678', 'SA'],
    ['51234567', 'SA'],
    ['5123456789', 'SA'],
    ['5abc45678', 'SA'],
    ['', 'SA'],
    ['+', 'SA'],
    ['512345678', 'XX'],
    ['01312345678', 'EG'],
    ['0612345678', 'AE'],
    ['512345678', 'EG'],
    ['5123456７8', 'SA'],
  ])('rejects %s (%s)', (raw, country) => {
    expect(normalizePhone(raw, country)).toBeNull();
  });

  it('knows the markets of the spec', () => {
    for (const c of ['SA', 'AE', 'EG', 'KW', 'BH', 'QA', 'OM']) expect(PHONE_COUNTRY_CODES).toContain(c);
  });

  it('property: every Saudi mobile, in any written form, normalizes to one E.164 value', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^5\d{8}$/), fc.constantFrom('', '0', '+966', '00966', '966', '+966 '), fc.boolean(), (national, prefix, indic) => {
        const raw = prefix + national;
        const expected = `+966${national}`;
        expect(normalizePhone(indic ? arabicIndic(raw) : raw, 'SA')).toBe(expected);
      }),
      withSeed({ numRuns: 200 }),
    );
  });

  it('property: the result is null or an E.164 number matching the country pattern', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.constantFrom(...PHONE_COUNTRY_CODES), (raw, country) => {
        const out = normalizePhone(raw, country);
        if (out === null) return;
        const c = PHONE_COUNTRIES[country];
        expect(out.startsWith(`+${c?.dial}`)).toBe(true);
        expect(c?.mobile.test(out.slice(1 + (c?.dial.length ?? 0)))).toBe(true);
        // Idempotent.
        expect(normalizePhone(out, country)).toBe(out);
      }),
      withSeed({ numRuns: 300 }),
    );
  });
});

describe('westernDigits', () => {
  it('reads Arabic-Indic and Persian digits as 0–9 and leaves everything else', () => {
    expect(westernDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(westernDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(westernDigits('#١٢ طلب 34 ۵')).toBe('#12 طلب 34 5');
    expect(westernDigits('')).toBe('');
  });
});
