import { describe, expect, it } from 'vitest';
import { sample, sampleFiles } from './fixtures';
import { businessRules, precheckMany } from './validate';

/** What each *_Error.xml sample breaks (docs/zatca.md has the table with the differences). */
const REFUSED: Record<string, string[]> = {
  'Standard/Invoice/Standard_Invoice_Error.xml': ['BR-KSA-63'],
  'Standard/Credit/Standard_Credit_Note_Error.xml': ['BR-KSA-50'],
  'Standard/Debit/Standard_Debit_Note_Error.xml': ['BR-KSA-09'],
  'Simplified/Invoice/Simplified_Invoice_Error.xml': ['BR-KSA-09'],
  'Simplified/Credit/Simplified_Credit_Note_Error.xml': ['BR-KSA-09', 'BR-CO-14'],
  'Simplified/Debit/Simplified_Debit_Note_Error.xml': ['BR-KSA-09', 'BR-CO-14'],
};

describe('precheck on ZATCA samples', () => {
  const files = sampleFiles();
  const errorFiles = files.filter((f) => f.endsWith('_Error.xml'));

  it('knows every error sample', () => {
    expect(errorFiles.sort()).toEqual(Object.keys(REFUSED).sort());
  });

  it('passes every valid sample and refuses every error sample with the expected rule', async () => {
    const issues = await precheckMany(files.map((f) => ({ xml: sample(f) })));
    const byFile = Object.fromEntries(files.map((f, i) => [f, [...new Set(issues[i]!.map((x) => x.code))]]));
    const expected = Object.fromEntries(files.map((f) => [f, REFUSED[f] ?? []]));
    expect(byFile).toEqual(expected);
  });
});

describe('business rules', () => {
  const base = sample('Standard/Debit/Standard_Debit_Note.xml');
  const codes = (xml: string) => businessRules(xml).map((i) => i.code);

  it('a valid standard debit note passes', () => {
    expect(codes(base)).toEqual([]);
  });

  it.each([
    ['BR-KSA-03', '<cbc:UUID>ad2c3a8b-1cc8-4060-8a35-0d6aa8ff6fcc</cbc:UUID>', '<cbc:UUID>not-a-uuid</cbc:UUID>'],
    ['BR-KSA-05', '0100000">383<', '0100000">384<'],
    ['BR-KSA-06', 'name="0100000"', 'name="0300000"'],
    ['BR-KSA-40', '<cbc:CompanyID>311111111101113</cbc:CompanyID>', '<cbc:CompanyID>311111111101112</cbc:CompanyID>'],
    ['BR-KSA-34', '<cbc:UUID>16</cbc:UUID>', '<cbc:UUID>16.5</cbc:UUID>'],
    ['BR-KSA-26', 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==', 'MA=='],
    ['BR-KSA-56', '<cbc:ID>SME00002</cbc:ID>', '<cbc:ID></cbc:ID>'],
    ['BR-KSA-17', '<cbc:InstructionNote>CANCELLATION_OR_TERMINATION</cbc:InstructionNote>', ''],
    ['BR-KSA-68', '<cbc:TaxCurrencyCode>SAR</cbc:TaxCurrencyCode>', '<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>'],
    ['BR-CO-15', '<cbc:TaxInclusiveAmount currencyID="SAR">27.60</cbc:TaxInclusiveAmount>', '<cbc:TaxInclusiveAmount currencyID="SAR">27.70</cbc:TaxInclusiveAmount>'],
    ['BR-CO-13', '<cbc:TaxExclusiveAmount currencyID="SAR">24.00</cbc:TaxExclusiveAmount>', '<cbc:TaxExclusiveAmount currencyID="SAR">25.00</cbc:TaxExclusiveAmount>'],
    ['BR-S-09', '<cbc:TaxableAmount currencyID="SAR">24.00</cbc:TaxableAmount>', '<cbc:TaxableAmount currencyID="SAR">25.00</cbc:TaxableAmount>'],
    ['BR-KSA-51', '<cbc:RoundingAmount currencyID="SAR">27.60</cbc:RoundingAmount>', '<cbc:RoundingAmount currencyID="SAR">27.61</cbc:RoundingAmount>'],
    ['BR-KSA-42', '<cbc:RegistrationName>Acme Widget’s LTD 2</cbc:RegistrationName>', '<cbc:RegistrationName></cbc:RegistrationName>'],
    ['BR-KSA-66', '<cbc:PostalZone>12222</cbc:PostalZone>', '<cbc:PostalZone>1222</cbc:PostalZone>'],
    ['BR-KSA-F-06', '<cbc:RegistrationName>Acme Widget’s LTD</cbc:RegistrationName>', `<cbc:RegistrationName>${'x'.repeat(128)}</cbc:RegistrationName>`],
  ])('%s', (code, from, to) => {
    expect(base).toContain(from);
    expect(codes(base.replace(from, to))).toContain(code);
  });

  it('BR-CO-10, BR-CO-14, BR-KSA-50 and BR-O-11 on amounts and categories', () => {
    const line = base.replace('<cbc:LineExtensionAmount currencyID="SAR">24.00</cbc:LineExtensionAmount>\n        <cac:TaxTotal>', '<cbc:LineExtensionAmount currencyID="SAR">25.00</cbc:LineExtensionAmount>\n        <cac:TaxTotal>');
    expect(codes(line)).toContain('BR-CO-10');
    const sub = base.replace(/<cbc:TaxAmount currencyID="SAR">3.60<\/cbc:TaxAmount>(\s*<cac:TaxCategory>)/, '<cbc:TaxAmount currencyID="SAR">3.70</cbc:TaxAmount>$1');
    expect(sub).not.toBe(base);
    expect(codes(sub)).toContain('BR-CO-14');
    const vat = base.replace(/<cbc:TaxAmount currencyID="SAR">3.60<\/cbc:TaxAmount>(\s*<cbc:RoundingAmount)/, '<cbc:TaxAmount currencyID="SAR">3.70</cbc:TaxAmount>$1');
    expect(vat).not.toBe(base);
    expect(codes(vat)).toContain('BR-KSA-50');
    const outOfScope = sample('Simplified/Invoice/Additional_Simplified_Invoices/Out_Of_Scope_Simplified_Invoice.xml');
    expect(codes(outOfScope)).toEqual([]);
    const mixed = outOfScope.replace(/(<cac:ClassifiedTaxCategory>\s*<cbc:ID>)O</, '$1S<');
    expect(mixed).not.toBe(outOfScope);
    expect(codes(mixed)).toContain('BR-O-11');
  });
});
