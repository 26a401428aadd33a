import { describe, expect, it } from 'vitest';
import { formatMessage, type IssueLike, isValidationKey, issueField, localizeIssue, messageFor, VALIDATION_MESSAGES } from './validation';

const issue = (over: Partial<IssueLike>): IssueLike => ({ code: 'custom', message: '', path: [], ...over });

describe('VALIDATION_MESSAGES', () => {
  it('has a non-empty Arabic and English text for every key, with the same placeholders', () => {
    for (const [key, msg] of Object.entries(VALIDATION_MESSAGES)) {
      expect(msg.ar.length, key).toBeGreaterThan(0);
      expect(msg.en.length, key).toBeGreaterThan(0);
      const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(holes(msg.ar), key).toEqual(holes(msg.en));
    }
  });

  it('covers the generic messages of spec §5', () => {
    for (const k of ['required', 'min_length', 'max_length', 'email', 'phone', 'date', 'url', 'number', 'positive', 'gt', 'lte', 'confirmed', 'exists', 'not_exists', 'file_too_large', 'file_type']) {
      expect(isValidationKey(k), k).toBe(true);
    }
    expect(isValidationKey('nope')).toBe(false);
    expect(isValidationKey('toString')).toBe(false);
  });
});

describe('formatMessage / messageFor', () => {
  it('fills known placeholders and leaves unknown ones', () => {
    expect(formatMessage('at least {min}, at most {max}', { min: 3 })).toBe('at least 3, at most {max}');
    expect(messageFor('min_length', 'en', { min: 8 })).toBe('Must be at least 8 characters');
    expect(messageFor('min_length', 'ar', { min: 8 })).toBe('يجب ألا يقل عن 8 أحرف');
  });
});

describe('localizeIssue', () => {
  it('says required for a missing value and a type message for a present one', () => {
    const i = issue({ code: 'invalid_type', expected: 'string' });
    expect(localizeIssue(i, 'en', false)).toBe('This field is required');
    expect(localizeIssue(i, 'ar', false)).toBe('هذا الحقل مطلوب');
    expect(localizeIssue(i, 'en', true)).toBe('Must be text');
    expect(localizeIssue(issue({ code: 'invalid_type', expected: 'number' }), 'en', true)).toBe('Must be a number');
    expect(localizeIssue(issue({ code: 'invalid_type', expected: 'array' }), 'ar', true)).toBe('يجب أن تكون القيمة قائمة');
    expect(localizeIssue(issue({ code: 'invalid_type', expected: 'object' }), 'en', true)).toBe('Invalid value');
  });

  it('renders a catalogue key carried as the message', () => {
    expect(localizeIssue(issue({ message: 'email' }), 'en', true)).toBe('Invalid e-mail address');
    expect(localizeIssue(issue({ message: 'email' }), 'ar', true)).toBe('البريد الإلكتروني غير صالح');
    expect(localizeIssue(issue({ message: 'name_min' }), 'en', true)).toBe('Name must be more than 3 characters');
  });

  it('renders sizes and bounds', () => {
    expect(localizeIssue(issue({ code: 'too_small', origin: 'string', minimum: 1 }), 'en', true)).toBe('This field is required');
    expect(localizeIssue(issue({ code: 'too_small', origin: 'string', minimum: 8 }), 'en', true)).toBe('Must be at least 8 characters');
    expect(localizeIssue(issue({ code: 'too_big', origin: 'string', maximum: 20 }), 'ar', true)).toBe('يجب ألا يزيد عن 20 حرفًا');
    expect(localizeIssue(issue({ code: 'too_small', origin: 'array', minimum: 1 }), 'en', true)).toBe('Choose at least 1');
    expect(localizeIssue(issue({ code: 'too_small', origin: 'number', minimum: 0, inclusive: false }), 'en', true)).toBe('Must be a positive number');
    expect(localizeIssue(issue({ code: 'too_small', origin: 'number', minimum: 5, inclusive: false }), 'en', true)).toBe('Must be greater than 5');
    expect(localizeIssue(issue({ code: 'too_small', origin: 'number', minimum: 5, inclusive: true }), 'en', true)).toBe('Must be at least 5');
    expect(localizeIssue(issue({ code: 'too_big', origin: 'number', maximum: BigInt(9) as unknown as number }), 'en', true)).toBe('Must be at most 9');
  });

  it('renders formats and unknown keys', () => {
    expect(localizeIssue(issue({ code: 'invalid_format', format: 'email' }), 'en', true)).toBe('Invalid e-mail address');
    expect(localizeIssue(issue({ code: 'invalid_format', format: 'url' }), 'en', true)).toBe('Invalid URL');
    expect(localizeIssue(issue({ code: 'invalid_format', format: 'datetime' }), 'ar', true)).toBe('التاريخ غير صالح');
    expect(localizeIssue(issue({ code: 'invalid_format', format: 'regex' }), 'en', true)).toBe('Invalid value');
    expect(localizeIssue(issue({ code: 'unrecognized_keys', keys: ['x'] }), 'en', true)).toBe('Unknown field');
    expect(localizeIssue(issue({ code: 'weird' }), 'en', true)).toBe('Invalid value');
  });
});

describe('issueField', () => {
  it('joins the path with dots, or falls back', () => {
    expect(issueField(issue({ path: ['items', 0, 'price'] }))).toBe('items.0.price');
    expect(issueField(issue({ path: [] }))).toBe('body');
    expect(issueField(issue({ path: [] }), 'root')).toBe('root');
  });
});
