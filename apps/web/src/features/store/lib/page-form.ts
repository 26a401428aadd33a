import type { Locale } from '@app/shared/constants';
import { type StorePage, type StorePageBody, type StorePageType, storePageBody } from '@app/shared/schemas/store';
import { messageFor } from '@app/shared/validation';
import { zodErrors } from '@/lib/zod-errors';

export type PageFormValues = { type: StorePageType; title: string; slug: string; body: string; url: string; published: boolean };

export const PAGE_FORM_FIELDS = ['type', 'title', 'slug', 'body', 'url', 'published'] as const;

export const emptyPageValues = (): PageFormValues => ({ type: 'content', title: '', slug: '', body: '', url: '', published: true });

export const pageValues = (p: StorePage): PageFormValues => ({ type: p.type, title: p.title, slug: p.slug, body: p.body ?? '', url: p.url ?? '', published: p.published });

/** A title → a slug suggestion: English letters and digits kept, the rest as hyphens ("About us" → "about-us"). */
export function slugFrom(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/**
 * The form → `storePageBody` (a content page sends its text and no link, a link page its address and
 * no text), with the errors by field in the UI language (the shared schema's rules: a title, a slug
 * of English letters, digits, `_` and `-`, the text or the address its type needs).
 */
export function pageRequest(values: PageFormValues, locale: Locale): { body: StorePageBody; errors: Record<string, string> } {
  const content = values.type === 'content';
  const body: StorePageBody = {
    type: values.type,
    title: values.title.trim(),
    slug: values.slug.trim(),
    body: content ? values.body.trim() : null,
    url: content ? null : values.url.trim(),
    published: values.published,
  };
  const errors: Record<string, string> = {};
  // The schema asks for the text or the address only once the rest is valid: say it at once.
  if (content && !body.body) errors.body = messageFor('required', locale);
  if (!content && !body.url) errors.url = messageFor('required', locale);
  for (const [path, text] of Object.entries(zodErrors(storePageBody, body, locale))) {
    const field = path.split('.')[0] ?? '';
    if ((PAGE_FORM_FIELDS as readonly string[]).includes(field)) errors[field] ??= text;
  }
  return { body, errors };
}
