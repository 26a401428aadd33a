import { describe, expect, it } from 'vitest';
import { setLocale, t, TEXTS } from './i18n';

describe('the store script’s texts', () => {
  it('has the same keys in Arabic and English, none empty, with the same placeholders', () => {
    expect(Object.keys(TEXTS.en).sort()).toEqual(Object.keys(TEXTS.ar).sort());
    for (const [key, ar] of Object.entries(TEXTS.ar)) {
      const en = TEXTS.en[key as keyof typeof TEXTS.en];
      expect(ar.trim(), key).not.toBe('');
      expect(en.trim(), key).not.toBe('');
      const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(vars(en), key).toEqual(vars(ar));
    }
  });

  it('speaks the page’s language and fills placeholders', () => {
    setLocale('en');
    expect(t('step_of', { n: 2, total: 5 })).toBe('Step 2 of 5');
    setLocale('ar');
    expect(t('step_of', { n: 2, total: 5 })).toBe('الخطوة 2 من 5');
    setLocale('fr');
    expect(t('book')).toBe(TEXTS.ar.book);
  });
});
