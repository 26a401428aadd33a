import fc from 'fast-check';

/** Strings that break naive code: SQL and script fragments, template syntax, control and bidi characters, Arabic digits, huge emoji runs. */
export const NASTY = [
  "' OR 1=1 --",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  `{{7*7}}\${7*7}`,
  '../../etc/passwd',
  '\u0000',
  '\uFEFF\u202E',
  '٠٥٥١٢٣٤٥٦٧',
  'مرحبا بالعالم',
  '🙂'.repeat(50),
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '-1',
  '1e309',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  ' ',
];

/** One junk leaf value: any string, grapheme soup, a nasty string, numbers, null, a uuid, huge text. */
export const leaf = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(...NASTY),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.emailAddress(),
  fc.string({ minLength: 3000, maxLength: 6000 }),
);

/** A junk value: a leaf, a short list of leaves, or a small object of them. */
export const junk = fc.oneof({ depthSize: 'small' }, leaf, fc.array(leaf, { maxLength: 5 }), fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 4 }));

/** A junk body: the route's own keys with junk values, or anything at all, or raw (often broken) JSON text. */
export function junkBody(keys: string[]) {
  const known = keys.length
    ? fc.dictionary(fc.constantFrom(...keys, 'extra', '__proto__', 'constructor'), junk, { maxKeys: keys.length + 2 })
    : fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 4 });
  return fc.oneof(
    known.map((body) => ({ body: body as unknown })),
    fc.anything({ maxDepth: 3 }).map((body) => ({ body: body as unknown })),
    fc.json({ maxDepth: 3 }).map((raw) => ({ raw })),
    fc.string({ maxLength: 200 }).map((raw) => ({ raw })),
  );
}

export type JunkInput = { body: unknown; raw?: undefined } | { raw: string; body?: undefined };
