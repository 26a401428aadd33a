import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_LABELS } from './invoice-labels';

describe('invoice document labels', () => {
  it('the PDF prints the same labels as the web preview, in both languages', () => {
    for (const lang of ['ar', 'en'] as const) {
      const web = JSON.parse(readFileSync(new URL(`../../../../web/src/locales/${lang}/invoices.json`, import.meta.url), 'utf8')) as { doc: Record<string, string> };
      expect(DOC_LABELS[lang]).toEqual(web.doc);
    }
  });
});
