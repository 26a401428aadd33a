import { checkImportFile } from '@app/shared/schemas/import';
import { describe, expect, it } from 'vitest';
import { columnLabel, entityOfPath, importPath, isFinished, jobPercent, rowErrorsOf } from './import-flow';

describe('import flow', () => {
  it('maps paths and entities both ways', () => {
    expect(importPath('customers')).toBe('/management/import/customers');
    expect(entityOfPath('/management/import/providers/')).toBe('providers');
    expect(entityOfPath('/management/import/nothing')).toBeNull();
  });

  it('checks the file type and size before uploading', () => {
    expect(checkImportFile({ name: 'a.XLSX', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'a.xls', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'a.csv', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkImportFile({ name: 'a.csv', size: 10 * 1024 * 1024 + 1 })).toBe('file_too_large');
    expect(checkImportFile({ name: 'a.pdf', size: 10 })).toBe('file_type');
    expect(checkImportFile({ name: 'csv', size: 10 })).toBe('file_type');
  });

  it('computes the progress of a job', () => {
    expect(jobPercent(null)).toBe(0);
    expect(jobPercent({ total_rows: 0, processed_rows: 0 })).toBe(0);
    expect(jobPercent({ total_rows: 3, processed_rows: 1 })).toBe(33);
    expect(jobPercent({ total_rows: 3, processed_rows: 5 })).toBe(100);
    expect(isFinished('importing')).toBe(false);
    expect(isFinished('invalid')).toBe(true);
  });

  it('reads row errors from the list or from the errors map', () => {
    const rows = [{ row: 3, column: 'phone', message: 'Invalid phone number' }];
    expect(rowErrorsOf({ rows })).toEqual(rows);
    expect(rowErrorsOf({ errors: { 'row 3 · phone': ['Invalid phone number'], file: ['File type unsupported'] } })).toEqual([
      ...rows,
      { row: 0, column: 'file', message: 'File type unsupported' },
    ]);
    expect(columnLabel('customers', 'phone', 'ar')).toBe('الجوال');
    expect(columnLabel('customers', 'colour', 'en')).toBe('colour');
  });
});
