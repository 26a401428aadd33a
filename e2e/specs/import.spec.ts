import { expect, test } from '../support/fixtures';
import ExcelJS from 'exceljs';
import { signIn } from '../support/session';

const FIRST_NAMES = ['سارة', 'نورة', 'عبدالله', 'محمد', 'ريم', 'فهد', 'لمى', 'خالد', 'هيا', 'سلمان'];

/** 50 customers with Arabic names and phones of this run (the data dir may outlive a run). */
async function customersFile(tag: string): Promise<{ buffer: Buffer; names: string[] }> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('العملاء');
  ws.addRow(['first name / الاسم الأول', 'last name / اسم العائلة', 'phone / الجوال', 'phone country / دولة الجوال', 'email / البريد الإلكتروني', 'address / العنوان', 'note / ملاحظة']);
  const names: string[] = [];
  const block = tag.slice(-4);
  for (let i = 0; i < 50; i++) {
    const first = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${i + 1}`;
    names.push(first);
    ws.addRow([first, `آل ${tag}`, `05${block}${String(i).padStart(4, '0')}`.slice(0, 10), 'SA', '', 'الرياض', i === 0 ? 'عميلة مميزة' : '']);
  }
  return { buffer: Buffer.from(await wb.xlsx.writeBuffer()), names };
}

test('the owner imports 50 customers from an .xlsx file and they are in the customers list', async ({ page, request }) => {
  const tag = String(Date.now()).slice(-6).replace(/^0/, '1');
  const { buffer, names } = await customersFile(tag);

  await signIn(page);
  await page.goto('/management/import/customers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('استيراد العملاء');
  await expect(page.getByTestId('sample-xlsx')).toBeVisible();

  // The type is checked before uploading.
  await page.locator('input[type="file"]').setInputFiles({ name: 'customers.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByText('نوع الملف غير مدعوم', { exact: false })).toBeVisible();
  await expect(page.getByTestId('import-submit')).toBeDisabled();

  await page.locator('input[type="file"]').setInputFiles({ name: 'customers.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-done')).toBeVisible();
  await expect(page.getByTestId('import-done')).toContainText('اكتمل الاستيراد');

  // Read back through the API with the owner's token.
  const token = await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  const found: { first_name: string; last_name: string; phone: string | null }[] = [];
  for (let p = 1; p <= 50; p++) {
    const res = await request.get(`/api/v1/customers?per_page=100&page=${p}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'ar' } });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: typeof found; meta: { last_page: number } };
    found.push(...body.data.filter((c) => c.last_name === `آل ${tag}`));
    if (p >= body.meta.last_page) break;
  }
  expect(found.map((c) => c.first_name).sort()).toEqual([...names].sort());
  expect(found.every((c) => c.phone?.startsWith('+9665'))).toBe(true);
});
