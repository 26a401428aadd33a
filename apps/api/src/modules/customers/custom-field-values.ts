import { dateField } from '@app/shared/schemas/providers';
import type { ValidationKey } from '@app/shared/validation';

export type FieldDefinition = { id: string; htmlTag: string; options: string[]; isRequired: boolean };
export type ValueIssue = { field: string; key: ValidationKey };

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Checks custom field values against the business's customer field definitions and returns the values
 * to store (keyed by definition id) or the issues, each on `custom_fields.<id>`:
 * - an id that is not a customer field of the business: `not_exists`;
 * - a required field without a value: `required`;
 * - number: a finite number (a numeric string is accepted and stored as a number);
 * - date: `YYYY-MM-DD`; select: one of the options; text/textarea: text (≤ 2000 characters);
 * - location: `{ lat, lng }` within range; file: the uuid of one of this customer's attachments
 *   (`attachmentIds`; null while the customer is being created: it has no attachments yet, so a
 *   required file field is asked for once the customer exists).
 */
export function checkCustomFieldValues(
  defs: FieldDefinition[],
  values: Record<string, unknown>,
  attachmentIds: ReadonlySet<string> | null = null,
): { values: Record<string, unknown>; issues: ValueIssue[] } {
  const byId = new Map(defs.map((d) => [d.id, d]));
  const issues: ValueIssue[] = [];
  const out: Record<string, unknown> = {};
  for (const id of Object.keys(values)) {
    if (!byId.has(id)) issues.push({ field: `custom_fields.${id}`, key: 'not_exists' });
  }
  for (const def of defs) {
    const field = `custom_fields.${def.id}`;
    const raw = values[def.id];
    if (empty(raw)) {
      if (def.isRequired && !(def.htmlTag === 'file' && attachmentIds === null)) issues.push({ field, key: 'required' });
      continue;
    }
    switch (def.htmlTag) {
      case 'number': {
        const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
        if (!Number.isFinite(n)) issues.push({ field, key: 'number' });
        else out[def.id] = n;
        break;
      }
      case 'date':
        if (typeof raw !== 'string' || !dateField.safeParse(raw.trim()).success) issues.push({ field, key: 'date' });
        else out[def.id] = raw.trim();
        break;
      case 'location': {
        const loc = raw as { lat?: unknown; lng?: unknown };
        const ok = typeof raw === 'object' && typeof loc.lat === 'number' && typeof loc.lng === 'number' && Math.abs(loc.lat) <= 90 && Math.abs(loc.lng) <= 180;
        if (!ok) issues.push({ field, key: 'invalid' });
        else out[def.id] = { lat: loc.lat, lng: loc.lng };
        break;
      }
      case 'file':
        if (typeof raw !== 'string' || !attachmentIds?.has(raw)) issues.push({ field, key: 'not_exists' });
        else out[def.id] = raw;
        break;
      case 'select':
        if (typeof raw !== 'string' || !def.options.includes(raw)) issues.push({ field, key: 'invalid' });
        else out[def.id] = raw;
        break;
      default:
        if (typeof raw !== 'string') issues.push({ field, key: 'string' });
        else if (raw.includes('\u0000')) issues.push({ field, key: 'invalid' });
        else out[def.id] = raw.trim();
    }
  }
  return { values: out, issues };
}
