import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import bidiFactory from 'bidi-js';

/**
 * Arabic and English text on a PDF page. pdfkit shapes Arabic (joining forms, ligatures) through
 * fontkit and lays an Arabic run out right to left, but it does not order the runs of a mixed line
 * ("فاتورة #1024", "15% ضريبة"): that is the Unicode bidirectional algorithm, done here with
 * bidi-js. A line is cut into runs of one embedding level, the runs are put in visual order (rule
 * L2), mirrored characters are swapped in right-to-left runs (L4), and each run is drawn where it
 * falls. One font family covers both scripts (IBM Plex Sans Arabic, the dashboard's own, SIL OFL).
 */

const bidi = bidiFactory();
const require = createRequire(import.meta.url);
const FONT_DIR = dirname(require.resolve('@expo-google-fonts/ibm-plex-sans-arabic/package.json'));
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** The two weights, read once. */
export function pdfFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(join(FONT_DIR, '400Regular/IBMPlexSansArabic_400Regular.ttf')),
    bold: readFileSync(join(FONT_DIR, '700Bold/IBMPlexSansArabic_700Bold.ttf')),
  };
  return fonts;
}

/** Registers the fonts on a document as `regular` and `bold`. */
export function useFonts(doc: PDFKit.PDFDocument): void {
  const f = pdfFonts();
  doc.registerFont('regular', f.regular);
  doc.registerFont('bold', f.bold);
  doc.font('regular');
}

/** Directional marks and isolates steer the algorithm but have no glyph; narrow spaces become spaces. */
const INVISIBLE = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
const NARROW_SPACE = /[\u202f\u2009\u00a0]/g;
const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

export type Run = { text: string; rtl: boolean };

/** A line's runs in visual order (left to right on the page), each with its direction. */
export function visualRuns(text: string, rtlBase: boolean): Run[] {
  const line = text.replace(/[\r\n]+/g, ' ');
  if (!line) return [];
  const { levels } = bidi.getEmbeddingLevels(line, rtlBase ? 'rtl' : 'ltr');
  const runs: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < line.length; i++) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i] && last.end === i) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level: levels[i] ?? 0 });
  }
  // L2: from the highest level down to the lowest odd one, reverse every stretch of runs at that level or above.
  const max = Math.max(...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if ((runs[i]?.level ?? 0) < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && (runs[j]?.level ?? 0) >= level) j++;
      const stretch = runs.slice(i, j).reverse();
      runs.splice(i, j - i, ...stretch);
      i = j;
    }
  }
  const out: Run[] = [];
  for (const r of runs) {
    const rtl = r.level % 2 === 1;
    let s = line.slice(r.start, r.end);
    if (rtl) s = Array.from(s, (ch) => bidi.getMirroredCharacter(ch) ?? ch).join('');
    s = s.replace(INVISIBLE, '').replace(NARROW_SPACE, ' ');
    if (!s) continue;
    // fontkit reverses a run only when it holds right-to-left letters; a run of neutrals is ordered here.
    if (rtl && !STRONG_RTL.test(s)) s = Array.from(s).reverse().join('');
    out.push({ text: s, rtl });
  }
  return out;
}

/**
 * A line's own direction, as a browser reads `dir="auto"`: from its first strong character (an
 * Arabic letter or RLM: right to left; a Latin letter or LRM: left to right). A line of digits and
 * signs alone ("+966…", "#6", "15%") reads left to right in both languages, as the dashboard shows
 * such values; so a phone number or a VAT id keeps its order inside an Arabic document.
 */
export function lineIsRtl(text: string): boolean {
  const m = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f]|[A-Za-z\u00c0-\u024f\u200e]/.exec(text);
  if (!m) return false;
  return m[0] !== '\u200e' && !/[A-Za-z\u00c0-\u024f]/.test(m[0]);
}

export type TextBox = {
  x: number;
  y: number;
  width: number;
  size: number;
  bold?: boolean;
  color?: string;
  /** Where the line sits in its box: the start follows the direction (the right in Arabic). */
  align?: 'start' | 'end' | 'center';
  rtl: boolean;
  /** The smallest size a long text may shrink to before it is cut with an ellipsis. */
  minSize?: number;
};

/**
 * pdfkit lays a string out word by word (a cache) unless features are given, which breaks a
 * right-to-left run: each word is reversed on its own, with its space. Naming the features makes it
 * lay the run out whole; these are the ones Arabic needs on top of fontkit's defaults.
 */
const FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ['liga', 'kern'];

function widthOf(doc: PDFKit.PDFDocument, runs: Run[]): number {
  return runs.reduce((a, r) => a + doc.widthOfString(r.text, { features: FEATURES }), 0);
}

/** Draws one line of text in a box, shrinking it (and then cutting it) to fit; returns the line's height. */
export function drawLine(doc: PDFKit.PDFDocument, text: string, box: TextBox): number {
  let size = box.size;
  const min = box.minSize ?? Math.max(6, box.size - 2);
  doc.font(box.bold ? 'bold' : 'regular').fontSize(size);
  // Where the line sits follows the document (box.rtl); the order within it follows the line itself.
  const rtl = lineIsRtl(text);
  let runs = visualRuns(text, rtl);
  while (widthOf(doc, runs) > box.width && size > min) {
    size -= 0.5;
    doc.fontSize(size);
  }
  if (widthOf(doc, runs) > box.width) {
    const chars = Array.from(text);
    while (chars.length > 1 && widthOf(doc, runs) > box.width) {
      chars.pop();
      runs = visualRuns(`${chars.join('').trimEnd()}…`, rtl);
    }
  }
  const w = widthOf(doc, runs);
  const align = box.align ?? 'start';
  const left = align === 'center' ? box.x + (box.width - w) / 2 : (align === 'start') === box.rtl ? box.x + box.width - w : box.x;
  let x = left;
  doc.fillColor(box.color ?? '#111111');
  for (const r of runs) {
    doc.text(r.text, x, box.y, { lineBreak: false, features: FEATURES });
    x += doc.widthOfString(r.text, { features: FEATURES });
  }
  return doc.currentLineHeight(true);
}
