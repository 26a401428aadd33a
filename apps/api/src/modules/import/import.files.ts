import * as XLS from '@e965/xlsx';
import { headerLabel, IMPORT_COLUMNS, IMPORT_EXAMPLES, type ImportEntity, type ImportFormat } from '@app/shared/schemas/import';
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

/** Rows of the first sheet (or the CSV), every cell as text. */
export async function readRows(format: ImportFormat, bytes: Buffer): Promise<string[][]> {
  try {
    if (format === 'csv') {
      const body = bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes;
      const parsed = Papa.parse<string[]>(body.toString('utf8'), { skipEmptyLines: false });
      return parsed.data.map((r) => (Array.isArray(r) ? r.map((c) => String(c ?? '')) : []));
    }
    if (format === 'xlsx') {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
      const ws = wb.worksheets[0];
      const out: string[][] = [];
      ws?.eachRow({ includeEmpty: false }, (row, n) => {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(excelCellText(values[i] ?? null));
        out[n - 1] = cells;
      });
      return Array.from(out, (r) => r ?? []);
    }
    const wb = XLS.read(bytes, { type: 'buffer', dense: true });
    const first = wb.SheetNames[0];
    const sheet = first ? wb.Sheets[first] : undefined;
    if (!sheet?.['!ref']) return [];
    const start = XLS.utils.decode_range(sheet['!ref']).s.r;
    const data = XLS.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
    const out: string[][] = Array.from({ length: start }, () => []);
    for (const r of data) out.push(r.map((c) => (typeof c === 'number' ? numberText(c) : c === null || c === undefined ? '' : String(c))));
    return out;
  } catch {
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
