import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Element } from '@xmldom/xmldom';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { child, children, descendants, NS, parseXml, path as at, text } from './c14n';

/**
 * Local checks before a document goes to ZATCA: the UBL 2.1 schema (libxml2 compiled to WASM, the
 * schemas shipped in ./xsd — runtime data, no network) and the business rules we can decide from
 * the document alone (and, given the previous document of the chain, the ICV and PIH). ZATCA's
 * platform runs its own Schematron (EN 16931 + KSA rules); this is a subset, to refuse locally
 * what it would refuse. docs/zatca.md lists the rules.
 *
 * ZATCA's credit and debit notes are `<Invoice>` documents (InvoiceTypeCode 381/383): the one
 * schema is UBL-Invoice-2.1.xsd (its imports under xsd/common).
 */

export type Issue = { code: string; message: string };
export type ChainContext = { previousHash?: string; previousIcv?: number };

const XSD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'xsd');
let schemaFiles: { main: XMLFileInfo; preload: XMLFileInfo[] } | null = null;

function schemas() {
  if (!schemaFiles) {
    const common = path.join(XSD_DIR, 'common');
    schemaFiles = {
      main: { fileName: 'maindoc/UBL-Invoice-2.1.xsd', contents: readFileSync(path.join(XSD_DIR, 'maindoc', 'UBL-Invoice-2.1.xsd'), 'utf8') },
      preload: readdirSync(common)
        .filter((f) => f.endsWith('.xsd'))
        .map((f) => ({ fileName: `common/${f}`, contents: readFileSync(path.join(common, f), 'utf8') })),
    };
  }
  return schemaFiles;
}

/** Schema errors of each document (one libxml2 run for all of them; [] = valid). */
export async function validateXsdMany(xmls: readonly string[]): Promise<string[][]> {
  if (xmls.length === 0) return [];
  const { main, preload } = schemas();
  const names = xmls.map((_, i) => `document-${i}.xml`);
  const result = await validateXML({
    xml: xmls.map((contents, i) => ({ fileName: names[i]!, contents })),
    schema: [main],
    preload,
    initialMemoryPages: 1024,
    maxMemoryPages: 8192,
  });
  const out: string[][] = xmls.map(() => []);
  for (const e of result.errors) {
    const i = e.loc ? names.indexOf(e.loc.fileName) : -1;
    const msg = e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.message;
    if (i >= 0) out[i]!.push(msg);
    else for (const o of out) o.push(msg);
  }
  if (!result.valid && out.every((o) => o.length === 0)) for (const o of out) o.push(result.rawOutput.trim() || 'schema validation failed');
  return out;
}

export async function validateXsd(xml: string): Promise<string[]> {
  return (await validateXsdMany([xml]))[0]!;
}

/** Decimal text → integer hundredths of the unit, exactly (null if it is not a decimal number). */
function cents(s: string | null | undefined, scale = 2): number | null {
  if (s == null) return null;
  const m = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(s);
  if (!m) return null;
  const [, sign, whole, frac = ''] = m;
  const f = frac.padEnd(scale, '0');
  // Keep extra digits as a fraction of a cent so that 1.005 is not 1.00.
  const v = Number(whole) * 10 ** scale + Number(`${f.slice(0, scale)}.${f.slice(scale) || '0'}`);
  return sign ? -v : v;
}

const eq = (a: number | null, b: number | null) => a !== null && b !== null && Math.abs(a - b) < 1e-6;
/** Hundredths rounded to whole hundredths, half away from zero. */
const round2 = (v: number) => Math.sign(v) * Math.round(Math.abs(v) + 1e-9);
const fmt = (c: number | null) => (c === null ? '—' : (c / 100).toFixed(2));

const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Whether a PIH is base64 of a SHA-256: its 32 bytes, or (ZATCA's own form) its 64 hex digits. */
export function isHashB64(s: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(s) || s.length % 4 !== 0) return false;
  const b = Buffer.from(s, 'base64');
  return b.length === 32 || (b.length === 64 && /^[0-9a-f]{64}$/i.test(b.toString('latin1')));
}

/** Business rules only (no schema): synchronous. */
export function businessRules(xml: string, ctx: ChainContext = {}): Issue[] {
  const issues: Issue[] = [];
  const add = (code: string, message: string) => issues.push({ code, message });
  let root: Element;
  try {
    root = parseXml(xml).documentElement!;
  } catch (e) {
    return [{ code: 'XML', message: (e as Error).message }];
  }
  if (root.namespaceURI !== NS.inv || root.localName !== 'Invoice') return [{ code: 'XML', message: 'not a UBL Invoice document' }];
  const t = (el: Element | null) => text(el)?.trim() ?? null;
  const cbc = (el: Element | null, name: string) => (el ? child(el, NS.cbc, name) : null);

  // Identity and type
  const uuid = t(cbc(root, 'UUID'));
  if (!uuid || !UUID_RE.test(uuid)) add('BR-KSA-03', `UUID (KSA-1) ${uuid ?? 'missing'} is not a UUID`);
  const typeEl = cbc(root, 'InvoiceTypeCode');
  const typeCode = t(typeEl);
  const typeName = typeEl?.getAttribute('name') ?? '';
  if (!typeCode || !['388', '381', '383', '386'].includes(typeCode)) add('BR-KSA-05', `InvoiceTypeCode ${typeCode} is not 388, 381, 383 or 386`);
  if (!/^0[12][01]{5}$/.test(typeName)) add('BR-KSA-06', `InvoiceTypeCode name "${typeName}" is not 01 or 02 followed by five 0/1 flags`);
  const simplified = typeName.startsWith('02');
  const note = typeCode === '381' || typeCode === '383';

  // Currency
  const docCurrency = t(cbc(root, 'DocumentCurrencyCode'));
  const taxCurrency = t(cbc(root, 'TaxCurrencyCode'));
  if (taxCurrency !== 'SAR') add('BR-KSA-68', `TaxCurrencyCode is ${taxCurrency ?? 'missing'}, not SAR`);
  if (docCurrency !== 'SAR' && taxCurrency === 'SAR') {
    const inSar = children(root, NS.cac, 'TaxTotal').some((tt) => cbc(tt, 'TaxAmount')?.getAttribute('currencyID') === 'SAR');
    if (!inSar) add('BR-53', `a ${docCurrency} document has no TaxTotal in SAR (the VAT total in the tax currency, BT-111)`);
  }

  // Chain: ICV and PIH
  const adrs = children(root, NS.cac, 'AdditionalDocumentReference');
  const adr = (id: string) => adrs.find((a) => t(cbc(a, 'ID')) === id) ?? null;
  const icvText = t(cbc(adr('ICV'), 'UUID'));
  if (icvText === null || icvText === '') add('BR-KSA-33', 'no invoice counter (ICV, KSA-16)');
  else if (!/^\d+$/.test(icvText)) add('BR-KSA-34', `ICV ${icvText} is not a whole number`);
  else if (ctx.previousIcv !== undefined && Number(icvText) !== ctx.previousIcv + 1) add('CHAIN-ICV', `ICV ${icvText} does not follow ${ctx.previousIcv}`);
  const pih = t(at(adr('PIH'), [NS.cac, 'Attachment'], [NS.cbc, 'EmbeddedDocumentBinaryObject']));
  if (!pih) add('BR-KSA-26', 'no previous invoice hash (PIH, KSA-13)');
  else if (!isHashB64(pih)) add('BR-KSA-26', 'PIH is not base64 of a SHA-256');
  else if (ctx.previousHash !== undefined && pih !== ctx.previousHash) add('CHAIN-PIH', `PIH ${pih} is not the previous document's hash ${ctx.previousHash}`);

  // Credit and debit notes
  if (note) {
    const ref = t(at(root, [NS.cac, 'BillingReference'], [NS.cac, 'InvoiceDocumentReference'], [NS.cbc, 'ID']));
    if (!ref) add('BR-KSA-56', 'a credit or debit note has no billing reference (BG-3) to the invoice it corrects');
    const reasons = children(root, NS.cac, 'PaymentMeans')
      .map((pm) => t(cbc(pm, 'InstructionNote')))
      .filter((r) => !!r);
    if (reasons.length === 0) add('BR-KSA-17', 'a credit or debit note has no reason (InstructionNote, KSA-10)');
  }

  // Parties
  const seller = at(root, [NS.cac, 'AccountingSupplierParty'], [NS.cac, 'Party']);
  const buyer = at(root, [NS.cac, 'AccountingCustomerParty'], [NS.cac, 'Party']);
  const vat = t(at(seller, [NS.cac, 'PartyTaxScheme'], [NS.cbc, 'CompanyID']));
  if (!vat || !/^3\d{13}3$/.test(vat)) add('BR-KSA-40', `seller VAT number ${vat ?? 'missing'} is not 15 digits starting and ending with 3`);
  const sellerName = t(at(seller, [NS.cac, 'PartyLegalEntity'], [NS.cbc, 'RegistrationName']));
  if (!sellerName) add('BR-06', 'no seller name (BT-27)');
  const addr = (party: Element | null) => {
    const pa = party ? child(party, NS.cac, 'PostalAddress') : null;
    return {
      street: t(cbc(pa, 'StreetName')),
      building: t(cbc(pa, 'BuildingNumber')),
      district: t(cbc(pa, 'CitySubdivisionName')),
      city: t(cbc(pa, 'CityName')),
      postal: t(cbc(pa, 'PostalZone')),
      country: t(at(pa, [NS.cac, 'Country'], [NS.cbc, 'IdentificationCode'])),
    };
  };
  const sa = addr(seller);
  const missingSeller = (['street', 'building', 'district', 'city', 'postal', 'country'] as const).filter((k) => !sa[k]);
  if (missingSeller.length) add('BR-KSA-09', `seller address lacks ${missingSeller.join(', ')}`);
  if (sa.country === 'SA' && sa.building && !/^\d{4}$/.test(sa.building)) add('BR-KSA-37', `seller building number ${sa.building} is not 4 digits`);
  if (sa.country === 'SA' && sa.postal && !/^\d{5}$/.test(sa.postal)) add('BR-KSA-66', `seller postal code ${sa.postal} is not 5 digits`);
  if (!simplified) {
    const buyerName = t(at(buyer, [NS.cac, 'PartyLegalEntity'], [NS.cbc, 'RegistrationName']));
    if (!buyerName) add('BR-KSA-42', 'a standard document has no buyer name (BT-44)');
    const ba = addr(buyer);
    if (ba.country === 'SA') {
      const missing = (['street', 'building', 'district', 'city', 'postal'] as const).filter((k) => !ba[k]);
      if (missing.length) add('BR-KSA-63', `a standard document's Saudi buyer address lacks ${missing.join(', ')}`);
      if (ba.postal && !/^\d{5}$/.test(ba.postal)) add('BR-KSA-67', `buyer postal code ${ba.postal} is not 5 digits`);
    } else if (!ba.street || !ba.city || !ba.country) add('BR-KSA-10', "a standard document's buyer address lacks street, city or country");
  }

  // Field lengths (KSA rule F-06, simplified to at most 127 characters on names and addresses)
  const bounded: [string, string | null][] = [
    ['seller name', sellerName],
    ['seller street', sa.street],
    ['seller city', sa.city],
    ['seller district', sa.district],
    ['buyer name', t(at(buyer, [NS.cac, 'PartyLegalEntity'], [NS.cbc, 'RegistrationName']))],
    ['buyer street', addr(buyer).street],
    ['buyer city', addr(buyer).city],
  ];
  for (const line of children(root, NS.cac, 'InvoiceLine')) {
    const name = t(at(line, [NS.cac, 'Item'], [NS.cbc, 'Name']));
    if (!name) add('BR-25', `line ${t(cbc(line, 'ID'))} has no item name (BT-153)`);
    bounded.push([`item name of line ${t(cbc(line, 'ID'))}`, name]);
  }
  for (const [label, value] of bounded) if (value && [...value].length > 127) add('BR-KSA-F-06', `${label} is longer than 127 characters`);

  // Totals
  const lmt = child(root, NS.cac, 'LegalMonetaryTotal');
  const total = (name: string) => cents(t(cbc(lmt, name)));
  const lines = children(root, NS.cac, 'InvoiceLine');
  const lineSum = lines.reduce((s, l) => s + (cents(t(cbc(l, 'LineExtensionAmount'))) ?? Number.NaN), 0);
  if (!eq(lineSum, total('LineExtensionAmount'))) add('BR-CO-10', `sum of line net amounts ${fmt(lineSum)} ≠ LineExtensionAmount ${fmt(total('LineExtensionAmount'))}`);
  const docAllowances = children(root, NS.cac, 'AllowanceCharge');
  const sumAc = (charge: boolean) => docAllowances.filter((a) => t(cbc(a, 'ChargeIndicator')) === String(charge)).reduce((s, a) => s + (cents(t(cbc(a, 'Amount'))) ?? Number.NaN), 0);
  const allowances = total('AllowanceTotalAmount') ?? 0;
  const charges = total('ChargeTotalAmount') ?? 0;
  if (docAllowances.length && !eq(sumAc(false), allowances)) add('BR-CO-11', `document allowances ${fmt(sumAc(false))} ≠ AllowanceTotalAmount ${fmt(allowances)}`);
  const exclusive = total('TaxExclusiveAmount');
  if (!eq(exclusive, (total('LineExtensionAmount') ?? Number.NaN) - allowances + charges)) add('BR-CO-13', `TaxExclusiveAmount ${fmt(exclusive)} ≠ LineExtensionAmount − allowances + charges ${fmt((total('LineExtensionAmount') ?? 0) - allowances + charges)}`);

  const taxTotals = children(root, NS.cac, 'TaxTotal');
  const inDocCurrency = taxTotals.filter((tt) => (cbc(tt, 'TaxAmount')?.getAttribute('currencyID') ?? docCurrency) === docCurrency);
  const withSubtotals = inDocCurrency.find((tt) => children(tt, NS.cac, 'TaxSubtotal').length > 0) ?? null;
  if (!withSubtotals) add('BR-CO-18', 'no TaxTotal with VAT breakdown (TaxSubtotal)');
  const vatTotal = cents(t(cbc(withSubtotals ?? inDocCurrency[0] ?? null, 'TaxAmount')));
  const categories = new Set<string>();
  if (withSubtotals) {
    const subtotals = children(withSubtotals, NS.cac, 'TaxSubtotal');
    const subSum = subtotals.reduce((s, st) => s + (cents(t(cbc(st, 'TaxAmount'))) ?? Number.NaN), 0);
    if (!eq(subSum, vatTotal)) add('BR-CO-14', `TaxTotal ${fmt(vatTotal)} ≠ sum of TaxSubtotal amounts ${fmt(subSum)}`);
    for (const st of subtotals) {
      const cat = child(st, NS.cac, 'TaxCategory');
      const id = t(cbc(cat, 'ID')) ?? '?';
      categories.add(id);
      const taxable = cents(t(cbc(st, 'TaxableAmount')));
      const amount = cents(t(cbc(st, 'TaxAmount')));
      const pct = Number(t(cbc(cat, 'Percent')));
      if (id === 'S' && taxable !== null && amount !== null && Number.isFinite(pct) && !eq(amount, round2((taxable * pct) / 100))) add('BR-S-09', `category S at ${pct} %: tax ${fmt(amount)} ≠ taxable ${fmt(taxable)} × rate, rounded (${fmt(round2((taxable * pct) / 100))})`);
      if (id !== 'S' && !t(cbc(cat, 'TaxExemptionReasonCode')) && !t(cbc(cat, 'TaxExemptionReason'))) add('EXEMPTION-REASON', `category ${id} has no exemption reason (code VATEX-SA-… or text)`);
    }
  }
  for (const other of inDocCurrency.filter((tt) => tt !== withSubtotals)) {
    if (!eq(cents(t(cbc(other, 'TaxAmount'))), vatTotal)) add('BR-CO-14', `the two TaxTotal amounts differ (${t(cbc(other, 'TaxAmount'))} and ${fmt(vatTotal)})`);
  }
  const inclusive = total('TaxInclusiveAmount');
  if (!eq(inclusive, (exclusive ?? Number.NaN) + (vatTotal ?? Number.NaN))) add('BR-CO-15', `TaxInclusiveAmount ${fmt(inclusive)} ≠ TaxExclusiveAmount + VAT ${fmt((exclusive ?? 0) + (vatTotal ?? 0))}`);
  const payable = total('PayableAmount');
  const prepaid = total('PrepaidAmount') ?? 0;
  const rounding = total('PayableRoundingAmount') ?? 0;
  if (!eq(payable, (inclusive ?? Number.NaN) - prepaid + rounding)) add('BR-CO-16', `PayableAmount ${fmt(payable)} ≠ TaxInclusiveAmount − PrepaidAmount + rounding ${fmt((inclusive ?? 0) - prepaid + rounding)}`);

  // Lines
  for (const line of lines) {
    const id = t(cbc(line, 'ID'));
    const net = cents(t(cbc(line, 'LineExtensionAmount')));
    const lt = child(line, NS.cac, 'TaxTotal');
    const lineVat = cents(t(cbc(lt, 'TaxAmount')));
    const roundingAmount = cents(t(cbc(lt, 'RoundingAmount')));
    const cat = at(line, [NS.cac, 'Item'], [NS.cac, 'ClassifiedTaxCategory']);
    const catId = t(cbc(cat, 'ID'));
    if (catId) categories.add(catId);
    const pct = Number(t(cbc(cat, 'Percent')) ?? Number.NaN);
    if (!lt || lineVat === null) add('BR-KSA-52', `line ${id} has no VAT amount (KSA-11)`);
    else if (net !== null && Number.isFinite(pct) && Math.abs(lineVat - (net * pct) / 100) > 1 + 1e-6) add('BR-KSA-50', `line ${id}: VAT ${fmt(lineVat)} ≠ net ${fmt(net)} × ${pct} % (within 0.01)`);
    if (lt && (roundingAmount === null || !eq(roundingAmount, (net ?? Number.NaN) + (lineVat ?? Number.NaN)))) add('BR-KSA-51', `line ${id}: RoundingAmount ${fmt(roundingAmount)} ≠ net + VAT ${fmt((net ?? 0) + (lineVat ?? 0))}`);
  }
  if (categories.has('O') && categories.size > 1) add('BR-O-11', `a document with category O (not subject to VAT) has other categories too (${[...categories].join(', ')})`);
  for (const el of descendants(root, NS.cbc, 'Percent')) if (t(el) === '' || !Number.isFinite(Number(t(el)))) add('BR-CO-17', 'a VAT rate is not a number');
  return issues;
}

/**
 * Pre-submission check: schema and business rules. Without `ctx` the chain (ICV follows the
 * previous counter, PIH is the previous hash) is not checked — only that both are well formed.
 */
export async function precheck(xml: string, ctx?: ChainContext): Promise<Issue[]> {
  return (await precheckMany([{ xml, ctx }]))[0]!;
}

export async function precheckMany(docs: readonly { xml: string; ctx?: ChainContext }[]): Promise<Issue[][]> {
  const xsd = await validateXsdMany(docs.map((d) => d.xml));
  return docs.map((d, i) => [...xsd[i]!.map((message) => ({ code: 'XSD', message })), ...businessRules(d.xml, d.ctx)]);
}
