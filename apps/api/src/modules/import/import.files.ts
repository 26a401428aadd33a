import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import * as XLS from '@e965/xlsx';
import { headerLabel, IMPORT_COLUMNS, IMPORT_EXAMPLES, IMPORT_MAX_ROWS, type ImportEntity, type ImportFormat } from '@app/shared/schemas/import';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/**
 * Spreadsheet files in and out: the three formats of spec §5 read into rows of text cells (row i of
 * the result is spreadsheet row i + 1), and the sample files written. The format is told by the file's
 * extension AND its first bytes; both must agree.
 */

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The format of a file by its name and content, or null when they disagree or neither is ours. */
export function detectFormat(fileName: string, bytes: Buffer): ImportFormat | null {
  const ext = /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1] ?? '';
  if (ext === 'xlsx') return bytes.subarray(0, 4).equals(ZIP) ? 'xlsx' : null;
  if (ext === 'xls') return bytes.subarray(0, 8).equals(OLE) ? 'xls' : null;
  if (ext === 'csv') {
    if (bytes.subarray(0, 4).equals(ZIP) || bytes.subarray(0, 8).equals(OLE) || bytes.includes(0)) return null;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return 'csv';
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * A cell's text without a leading U+FEFF. At the start of text U+FEFF is a byte-order mark, never
 * content (Unicode deprecated its zero-width no-break space use for U+2060): a second BOM after a
 * re-save, or files joined with `cat`, leave one at the start of a cell the user cannot see in any
 * spreadsheet program, so it is dropped rather than refused. Anywhere else in a cell it is refused with
 * the other invisible characters (hasInvisibleFormatChars) by the row schemas, like in the API.
 */
export const stripLeadingBom = (cell: string): string => (cell.charCodeAt(0) === 0xfeff ? cell.replace(/^\uFEFF+/, '') : cell);

/** A number as its spreadsheet text: 501234567 → "501234567", 12.5 → "12.5" (no 0.30000000000000004). */
function numberText(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15)));
}

function excelCellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return excelCellText((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in v) return String((v as { text: unknown }).text ?? '');
    if ('error' in v) return '';
  }
  return String(v);
}

export class UnreadableFile extends Error {}
/** An .xlsx whose contents unpack to more than XLSX_MAX_UNPACKED_BYTES, or compress suspiciously well. */
export class UnpackedTooLarge extends Error {}
/** More data rows than allowed; found while reading, so the rest of the file is never parsed. */
export class TooManyRows extends Error {}

/** The most an .xlsx may unpack to, all its parts together (the upload limit is on the packed file). */
export const XLSX_MAX_UNPACKED_BYTES = 60 * 1024 * 1024;
/** The most one part may unpack to per packed byte (real sheets stay well below; zip bombs go far above). */
export const XLSX_MAX_RATIO = 100;
/** Parts smaller than this unpacked are not held to the ratio (tiny XML parts can compress very well and cost nothing). */
const RATIO_FLOOR = 1024 * 1024;
const MAX_ENTRIES = 10_000;

type ZipEntry = { name: string; method: number; packed: number; unpacked: number; dataStart: number };

/**
 * The entries of a zip, read from its central directory without unpacking anything, checked against
 * the limits above. The local records must follow each other with nothing in between and end where the
 * central directory begins: the streaming reader walks the local records, so nothing may hide there.
 */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  return zipLayout(bytes).entries.map(({ name, method, packed, unpacked, dataStart }) => ({ name, method, packed, unpacked, dataStart }));
}

type LaidOut = ZipEntry & { offset: number; end: number; cdStart: number; cdEnd: number };

/** `zipEntries` with where each entry's local record and central directory record lie, in the file's order, and where the end record is. */
function zipLayout(bytes: Buffer): { entries: LaidOut[]; eocd: number } {
  const bad = () => new UnreadableFile();
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad();
  const count = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  // Multi-disk and zip64 archives are not spreadsheets anyone uploads.
  if (bytes.readUInt16LE(eocd + 4) !== 0 || bytes.readUInt16LE(eocd + 6) !== 0 || bytes.readUInt16LE(eocd + 8) !== count) throw bad();
  if (count === 0xffff || cdOffset === 0xffffffff || count > MAX_ENTRIES || cdOffset + cdSize > eocd) throw bad();
  const entries: LaidOut[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || bytes.readUInt32LE(p) !== 0x02014b50) throw bad();
    const method = bytes.readUInt16LE(p + 10);
    const packed = bytes.readUInt32LE(p + 20);
    const unpacked = bytes.readUInt32LE(p + 24);
    const nameLen = bytes.readUInt16LE(p + 28);
    const extraLen = bytes.readUInt16LE(p + 30);
    const commentLen = bytes.readUInt16LE(p + 32);
    const offset = bytes.readUInt32LE(p + 42);
    const name = bytes.toString('utf8', p + 46, p + 46 + nameLen);
    const cdStart = p;
    p += 46 + nameLen + extraLen + commentLen;
    if (method !== 0 && method !== 8) throw bad();
    if (packed === 0xffffffff || unpacked === 0xffffffff || offset === 0xffffffff) throw bad();
    if (method === 0 && packed !== unpacked) throw bad();
    total += unpacked;
    if (total > XLSX_MAX_UNPACKED_BYTES) throw new UnpackedTooLarge();
    if (unpacked > RATIO_FLOOR && unpacked > XLSX_MAX_RATIO * Math.max(packed, 1)) throw new UnpackedTooLarge();
    // The local record: same sizes (unless they follow the data), then the data, then maybe a descriptor.
    if (offset + 30 > cdOffset || bytes.readUInt32LE(offset) !== 0x04034b50) throw bad();
    const flags = bytes.readUInt16LE(offset + 6);
    if (bytes.readUInt16LE(offset + 8) !== method) throw bad();
    const dataStart = offset + 30 + bytes.readUInt16LE(offset + 26) + bytes.readUInt16LE(offset + 28);
    let end = dataStart + packed;
    if (flags & 0x08) {
      if (end + 4 <= cdOffset && bytes.readUInt32LE(end) === 0x08074b50) end += 4;
      end += 12;
    } else if (bytes.readUInt32LE(offset + 18) !== packed || bytes.readUInt32LE(offset + 22) !== unpacked) throw bad();
    if (end > cdOffset) throw bad();
    entries.push({ name, method, packed, unpacked, dataStart, offset, end, cdStart, cdEnd: p });
  }
  if (p !== cdOffset + cdSize) throw bad();
  entries.sort((a, b) => a.offset - b.offset);
  let cursor = 0;
  for (const e of entries) {
    if (e.offset !== cursor) throw bad();
    cursor = e.end;
  }
  if (cursor !== cdOffset) throw bad();
  return { entries, eocd };
}

/**
 * The parts ExcelJS's streaming reader must have read before it meets a worksheet. Excel, and ExcelJS
 * itself, write the worksheets first; the reader then parks the sheet in a temporary file to read at
 * the end, and while it writes that file the archive's stream can end early, the later parts unread:
 * a valid file then failed now and then as unreadable (about 1 in 150 here).
 */
const READ_FIRST = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];

/**
 * The same archive (checked by `zipEntries` first) with its records in the order the streaming reader
 * needs: `READ_FIRST`, then the rest as they were. The records are moved whole, their central
 * directory entries told their new places; nothing is unpacked. An archive already in that order is answered as is.
 */
export function inReadingOrder(bytes: Buffer): Buffer {
  const { entries, eocd } = zipLayout(bytes);
  const rank = (e: LaidOut) => {
    const i = READ_FIRST.indexOf(e.name);
    return i < 0 ? READ_FIRST.length : i;
  };
  const ordered = [...entries].sort((a, b) => rank(a) - rank(b) || a.offset - b.offset);
  if (ordered.every((e, i) => e === entries[i])) return bytes;
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let at = 0;
  for (const e of ordered) {
    locals.push(bytes.subarray(e.offset, e.end));
    const record = Buffer.from(bytes.subarray(e.cdStart, e.cdEnd));
    record.writeUInt32LE(at, 42);
    directory.push(record);
    at += e.end - e.offset;
  }
  const end = Buffer.from(bytes.subarray(eocd));
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

/** Unpacks a deflated entry into nothing, counting: it must come to exactly its declared size (a lie is caught early). */
function checkInflated(bytes: Buffer, e: ZipEntry): Promise<void> {
  return new Promise((resolve, reject) => {
    const z = createInflateRaw();
    let n = 0;
    z.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > e.unpacked) {
        z.destroy();
        reject(new UnpackedTooLarge());
      }
    });
    z.on('error', () => reject(new UnreadableFile()));
    z.on('end', () => (n === e.unpacked ? resolve() : reject(new UnreadableFile())));
    z.end(bytes.subarray(e.dataStart, e.dataStart + e.packed));
  });
}

/** Refuses an .xlsx that would unpack to too much, before any of it is parsed. */
export async function checkXlsxSize(bytes: Buffer): Promise<void> {
  for (const e of zipEntries(bytes)) if (e.method === 8) await checkInflated(bytes, e);
}

function rowCells(values: ExcelJS.CellValue[]): string[] {
  const cells: string[] = [];
  for (let i = 1; i < values.length; i++) cells.push(stripLeadingBom(excelCellText(values[i] ?? null)));
  return cells;
}

/**
 * Rows of the first sheet (or the CSV), every cell as text. Row i of the result is spreadsheet row i + 1;
 * blank rows may be holes. More than `maxRows` rows after the header is TooManyRows, found while reading.
 */
export async function readRows(format: ImportFormat, bytes: Buffer, opts: { maxRows?: number } = {}): Promise<string[][]> {
  const maxRows = opts.maxRows ?? IMPORT_MAX_ROWS;
  try {
    if (format === 'csv') {
      const body = bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes;
      const parsed = Papa.parse<string[]>(body.toString('utf8'), { skipEmptyLines: false });
      return parsed.data.map((r) => (Array.isArray(r) ? r.map((c) => stripLeadingBom(String(c ?? ''))) : []));
    }
    if (format === 'xlsx') {
      await checkXlsxSize(bytes);
      // The streaming reader: the sheet is read row by row and dropped after the cap, never held whole.
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([inReadingOrder(bytes)]), {
        worksheets: 'emit',
        sharedStrings: 'cache',
        styles: 'cache',
        hyperlinks: 'ignore',
        entries: 'ignore',
      });
      const out: string[][] = [];
      let seen = 0;
      for await (const ws of reader) {
        for await (const row of ws as unknown as AsyncIterable<ExcelJS.Row>) {
          const cells = rowCells(row.values as ExcelJS.CellValue[]);
          if (cells.some((c) => c.trim()) && ++seen > maxRows + 1) throw new TooManyRows();
          out[row.number - 1] = cells;
        }
        break; // the first sheet only
      }
      return out;
    }
    const wb = XLS.read(bytes, { type: 'buffer', dense: true, sheetRows: maxRows + 2 });
    const first = wb.SheetNames[0];
    const sheet = first ? wb.Sheets[first] : undefined;
    if (!sheet?.['!ref']) return [];
    // With sheetRows the sheet is cut short; its full range says whether there was more.
    const read = XLS.utils.decode_range(sheet['!ref']);
    const full = sheet['!fullref'] ? XLS.utils.decode_range(sheet['!fullref']) : read;
    if (full.e.r > read.e.r) throw new TooManyRows();
    const data = XLS.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
    const out: string[][] = Array.from({ length: read.s.r }, () => []);
    let seen = 0;
    for (const r of data) {
      const cells = r.map((c) => (typeof c === 'number' ? numberText(c) : c === null || c === undefined ? '' : stripLeadingBom(String(c))));
      if (cells.some((c) => c.trim()) && ++seen > maxRows + 1) throw new TooManyRows();
      out.push(cells);
    }
    return out;
  } catch (err) {
    if (err instanceof TooManyRows || err instanceof UnpackedTooLarge) throw err;
    throw new UnreadableFile();
  }
}

/** The sample file of an entity: the header row in the sample's column order and two example rows. */
export async function sampleFile(entity: ImportEntity, format: 'xlsx' | 'csv'): Promise<Buffer> {
  const header = IMPORT_COLUMNS[entity].map(headerLabel);
  const examples = IMPORT_EXAMPLES[entity];
  if (format === 'csv') {
    // A BOM so spreadsheet programs open the Arabic text as UTF-8.
    return Buffer.from(`\uFEFF${Papa.unparse([header, ...examples])}\r\n`, 'utf8');
  }
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(entity);
  ws.addRow(header).font = { bold: true };
  for (const r of examples) ws.addRow(r);
  ws.columns.forEach((c, i) => {
    c.width = Math.max(14, (header[i]?.length ?? 10) + 4);
    c.numFmt = '@';
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
