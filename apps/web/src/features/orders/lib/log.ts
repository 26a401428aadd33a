/**
 * A log entry's `changes` → short "field: value" lines for people: amounts as money, times on the
 * business clock, lines as "name × quantity", appointments and payments by number; ids, URLs and
 * storage paths left out. Formatting is injected so this stays pure (and tested).
 */
export type LogFormat = {
  money: (minor: number) => string;
  dateTime: (iso: string) => string;
  /** The field's label (translated when known). */
  label: (key: string) => string;
  yesNo: (value: boolean) => string;
  /** Joins several values with the reader's comma ("A, B" / "A، B"). */
  list: (items: readonly string[]) => string;
};

const MONEY_KEYS = new Set(['total', 'subtotal', 'amount', 'discount', 'discount_amount', 'transport_fee', 'fees_amount', 'tax_amount', 'paid_amount', 'remaining_amount', 'unit_price', 'price']);
const TIME_KEYS = new Set(['start_time', 'end_time', 'expires_at', 'receive_time', 'created_at']);
const HIDDEN = (key: string) => key === 'id' || key.endsWith('_id') || key === 'url' || key === 'path' || key === 'mime' || key === 'size';
/** Keys whose string values are codes with a label `<kind>_<code>` (e.g. `status_cancelled`). */
const CODED: Record<string, string> = { event: 'event', status: 'status', from: 'status', to: 'status', payment_method: 'method' };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function cut(text: string, max = 140): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function show(key: string, value: unknown, f: LogFormat, ctx: Record<string, unknown>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return f.yesNo(value);
  if (typeof value === 'number') {
    if (MONEY_KEYS.has(key)) return f.money(value);
    if (key === 'value' && ctx['type'] === 'fixed') return f.money(value);
    if (key === 'value' && ctx['type'] === 'percentage') return `${value / 100}%`;
    if (key === 'number') return `#${value}`;
    return String(value);
  }
  if (typeof value === 'string') {
    if (TIME_KEYS.has(key) || ISO.test(value)) return f.dateTime(value);
    // Coded values (an event, a status, a payment method) read in the person's language when known.
    const kind = CODED[key];
    if (kind) {
      const label = f.label(`${kind}_${value}`);
      if (label !== `${kind}_${value}`) return label;
    }
    return cut(value);
  }
  if (Array.isArray(value)) {
    const parts = value.map((v) => {
      if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (typeof o['name'] === 'string') return typeof o['quantity'] === 'number' ? `${o['name']} × ${o['quantity']}` : o['name'];
        if (typeof o['number'] === 'number') return `#${o['number']}${typeof o['start_time'] === 'string' ? ` (${f.dateTime(o['start_time'])})` : ''}`;
        if (typeof o['title'] === 'string') return typeof o['amount'] === 'number' ? `${o['title']}: ${f.money(o['amount'])}` : o['title'];
      }
      return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
    });
    const shown = parts.filter((p): p is string => p !== null);
    return shown.length ? cut(f.list(shown)) : String(value.length);
  }
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('from' in o && 'to' in o) return `${show(key, o['from'], f, ctx)} → ${show(key, o['to'], f, ctx)}`;
    if ('address' in o) return show('address', o['address'], f, ctx);
    const entries = Object.entries(o).filter(([k]) => !HIDDEN(k));
    return cut(f.list(entries.map(([k, v]) => `${f.label(k)}: ${show(k, v, f, o)}`))) || '—';
  }
  return '—';
}

export function describeChanges(changes: Record<string, unknown> | null | undefined, f: LogFormat, max = 8): string[] {
  if (!changes || typeof changes !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (HIDDEN(key)) continue;
    if (out.length >= max) break;
    out.push(`${f.label(key)}: ${show(key, value, f, changes)}`);
  }
  return out;
}
