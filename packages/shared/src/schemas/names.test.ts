import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { hasInvisibleFormatChars, localizeIssue, messageFor } from '../validation';
import { acceptInvitationBody, branchBody, createPosUserBody, invitationBody, roleBody, supervisorBody, teamBody, updateUserBody } from './access';
import { registerBody, updateProfileFields } from './auth';
import { categoryBody, packageBody, productBody, serviceBody } from './catalogue';
import { nameField, nameText } from './common';
import { customerBody, customerPatch } from './customers';
import { importRowSchemas } from './import';
import { completeProfileBody, tenantInfoBody } from './onboarding';
import { providerBody } from './providers';
import { generalSettingsBody } from './settings';

/** The code points of the rule, written out here (not read from the source) so the test states the spec. */
const REQUIRED = [
  ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e],
  ...[0x2066, 0x2067, 0x2068, 0x2069],
  ...[0x200b, 0x200c, 0x200d, 0x200e, 0x200f],
  0xfeff,
];
/** Beyond the brief: the rest of Bidi_Control (U+061C ARABIC LETTER MARK) and the word joiner family. */
const ALSO = [
  0x061c, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064,
  // The rest of the format category and the invisible letters (soft hyphen, Arabic number sign and
  // end of ayah, Mongolian vowel separator, deprecated controls, annotations, a tag character, the
  // combining grapheme joiner, the Hangul fillers).
  0x00ad, 0x0600, 0x06dd, 0x180e, 0x206a, 0x206f, 0xfff9, 0xfffb, 0xe0041, 0x034f, 0x115f, 0x1160, 0x3164, 0xffa0,
];
const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

const VALID = [
  'نورة العتيبي',
  'مُحَمَّد', // harakat U+064F, U+064E, U+0651
  'صالون ٢٤', // Arabic-Indic digits
  'محـــمد', // tatweel U+0640
  'إِبْرَاهِيم آلِ سَعُود',
  'صالون ۱۲۳', // Extended Arabic-Indic digits
  "Anne-Marie O'Neil",
  'Zoë Ångström',
  'Salon 24 / صالون',
];

/** Issues of a parse at one dotted path. */
function issuesAt(schema: z.ZodType, input: unknown, path: string) {
  const res = schema.safeParse(input);
  return res.success ? [] : res.error.issues.filter((i) => i.path.map(String).join('.') === path);
}

describe('hasInvisibleFormatChars', () => {
  it.each([...REQUIRED, ...ALSO].map((cp) => [hex(cp), cp] as const))('finds %s', (_, cp) => {
    const c = String.fromCodePoint(cp);
    expect(hasInvisibleFormatChars(`${c}abc`)).toBe(true);
    expect(hasInvisibleFormatChars(`ab${c}cd`)).toBe(true);
    expect(hasInvisibleFormatChars(`abc${c}`)).toBe(true);
  });

  it.each(VALID)('leaves %s alone', (name) => {
    expect(hasInvisibleFormatChars(name)).toBe(false);
  });

  it('is not fooled by the neighbours of the class', () => {
    // Ordinary characters right next to the ranges: hyphens, spaces, the Arabic marks and digits, and
    // a variation selector (an emoji's presentation, kept on purpose).
    for (const cp of [0x0640, 0x064b, 0x065f, 0x0660, 0x0669, 0x200a, 0x2010, 0x2029, 0x202f, 0x205f, 0x2070, 0xfefc, 0xfe0f, 0xff01]) {
      expect(hasInvisibleFormatChars(`ab${String.fromCodePoint(cp)}cd`), hex(cp)).toBe(false);
    }
  });
});

describe('nameField and nameText refuse bidi controls and invisible characters', () => {
  it.each(REQUIRED.map((cp) => [hex(cp), cp] as const))('refuses %s at the start, inside and at the end', (_, cp) => {
    const c = String.fromCodePoint(cp);
    for (const value of [`${c}Noura Ali`, `Noura${c} Ali`, `Noura Ali${c}`, ` ${c}نورة `, `${c}`]) {
      for (const schema of [nameField(), nameText(80)]) {
        const res = schema.safeParse(value);
        expect(res.success, JSON.stringify(value)).toBe(false);
        // One message only: the check aborts, so no "required" or "name_min" beside it.
        expect(res.error?.issues.map((i) => i.message)).toEqual(['invisible_characters']);
      }
    }
  });

  it('refuses the rest of Bidi_Control and the word joiners too', () => {
    for (const cp of ALSO) expect(nameField().safeParse(`Noura${String.fromCodePoint(cp)} Ali`).success, hex(cp)).toBe(false);
  });

  it('refuses a leading or trailing U+FEFF that the trim would otherwise drop unseen', () => {
    expect(nameField().safeParse('\uFEFFNoura Ali').success).toBe(false);
    expect(nameField().safeParse('Noura Ali\uFEFF').success).toBe(false);
  });

  it.each(VALID)('accepts %s unchanged', (name) => {
    expect(nameField().parse(name)).toBe(name);
    expect(nameText(80).parse(` ${name} `)).toBe(name);
  });

  it('keeps the other rules: required, the length, NUL', () => {
    expect(nameField().safeParse('   ').error?.issues[0]?.message).toBe('required');
    expect(nameField().safeParse('Abc').error?.issues[0]?.message).toBe('name_min');
    expect(nameText(80).parse('Ali')).toBe('Ali');
    expect(nameText(80).safeParse('Al\u0000i').error?.issues[0]?.message).toBe('invalid');
  });

  it('localizes the message in both languages', () => {
    const [issue] = nameField().safeParse('\u202Eevil').error?.issues ?? [];
    expect(issue).toBeDefined();
    expect(localizeIssue(issue as never, 'en', true)).toBe(messageFor('invisible_characters', 'en'));
    expect(localizeIssue(issue as never, 'ar', true)).toBe(messageFor('invisible_characters', 'ar'));
    expect(messageFor('invisible_characters', 'en')).toMatch(/invisible/);
    expect(messageFor('invisible_characters', 'ar')).toMatch(/غير مرئية/);
  });
});

const EVIL = '\u202Eevil name';
const rows = importRowSchemas('SAR');
/** Every name-like field of the request bodies: schema, a body with EVIL in it, the field's path. */
const FIELDS: [string, z.ZodType, Record<string, unknown>, string][] = [
  ['register', registerBody, { name: EVIL }, 'name'],
  ['profile', updateProfileFields, { name: EVIL }, 'name'],
  ['invitation', invitationBody, { name: EVIL }, 'name'],
  ['accept invitation', acceptInvitationBody, { name: EVIL }, 'name'],
  ['user edit', updateUserBody, { name: EVIL }, 'name'],
  ['POS user', createPosUserBody, { name: EVIL }, 'name'],
  ['supervisor', supervisorBody, { name: EVIL }, 'name'],
  ['role', roleBody, { name: EVIL }, 'name'],
  ['branch', branchBody, { name: EVIL }, 'name'],
  ['team', teamBody, { title: EVIL }, 'title'],
  ['customer first name', customerBody, { first_name: EVIL }, 'first_name'],
  ['customer last name', customerBody, { last_name: EVIL }, 'last_name'],
  ['customer patch', customerPatch, { first_name: EVIL }, 'first_name'],
  ['provider', providerBody, { name: EVIL }, 'name'],
  ['category', categoryBody, { name: EVIL }, 'name'],
  ['service', serviceBody, { name: EVIL }, 'name'],
  ['product', productBody, { name: EVIL }, 'name'],
  ['package', packageBody, { name: EVIL }, 'name'],
  ['business name', tenantInfoBody, { activity_name: EVIL }, 'activity_name'],
  ['store name', tenantInfoBody, { store_name: EVIL }, 'store_name'],
  ['onboarding service', completeProfileBody, { service: { name: EVIL } }, 'service.name'],
  ['onboarding provider', completeProfileBody, { provider: { name: EVIL } }, 'provider.name'],
  ['general settings', generalSettingsBody, { company_name: EVIL }, 'company_name'],
  ['import categories', rows.categories, { name: EVIL }, 'name'],
  ['import services', rows.services, { name: EVIL }, 'name'],
  ['import products', rows.products, { name: EVIL }, 'name'],
  ['import customers first name', rows.customers, { first_name: EVIL }, 'first_name'],
  ['import customers last name', rows.customers, { last_name: EVIL }, 'last_name'],
  ['import packages', rows.packages, { name: EVIL }, 'name'],
  ['import providers', rows.providers, { name: EVIL }, 'name'],
];

describe('every name-like field uses the rule', () => {
  it.each(FIELDS)('%s', (_, schema, body, path) => {
    expect(issuesAt(schema, body, path).map((i) => i.message)).toEqual(['invisible_characters']);
    // The same body with a valid Arabic name has no issue on that field.
    const good = JSON.parse(JSON.stringify(body).replace(JSON.stringify(EVIL).slice(1, -1), 'نورة العتيبي'));
    expect(issuesAt(schema, good, path)).toEqual([]);
  });
});
