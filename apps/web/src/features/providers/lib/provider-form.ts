import { fromMinor, toMinor } from '@app/shared/money';
import type { AssignmentType, CommissionType, Provider, ProviderBody } from '@app/shared/schemas/providers';
import { type DayForm, defaultWeek, formToHours, hoursToForm } from '@/features/branches/lib/working-hours';

/** The provider form's values: commission as the user types it (percent, or the amount in the currency). */
export type ProviderFormValues = {
  name: string;
  label: string;
  branch_id: string | null;
  user_id: string | null;
  clients_in_same_time: number | string;
  assignment_type: AssignmentType;
  commission_type: CommissionType | 'none';
  commission_amount: number | string;
  days: DayForm[];
  service_ids: string[];
  /** The staff-calendar colour (#RRGGBB); empty on a new provider: the API gives the next palette colour. */
  color: string;
};

export const PROVIDER_FORM_FIELDS = [
  'name',
  'label',
  'branch_id',
  'user_id',
  'clients_in_same_time',
  'assignment_type',
  'commission_type',
  'commission_amount',
  'days',
  'days.0',
  'days.1',
  'days.2',
  'days.3',
  'days.4',
  'days.5',
  'days.6',
  'service_ids',
  'color',
] as const;

export function emptyProviderForm(): ProviderFormValues {
  return {
    name: '',
    label: '',
    branch_id: null,
    user_id: null,
    clients_in_same_time: 1,
    assignment_type: 'single',
    commission_type: 'none',
    commission_amount: '',
    days: defaultWeek(),
    service_ids: [],
    color: '',
  };
}

export function providerToForm(p: Provider, currency: string): ProviderFormValues {
  const amount = p.commission_type === 'percentage' ? p.commission_value / 100 : p.commission_type === 'fixed' ? fromMinor(p.commission_value, currency) : '';
  return {
    name: p.name,
    label: p.label ?? '',
    branch_id: p.branch_id,
    user_id: p.user_id,
    clients_in_same_time: p.clients_in_same_time,
    assignment_type: p.assignment_type,
    commission_type: p.commission_type ?? 'none',
    commission_amount: amount,
    days: hoursToForm(p.working_hours),
    service_ids: p.service_ids,
    color: p.color,
  };
}

/**
 * Form → API body. A percentage becomes basis points (12.5 % → 1250), a fixed amount minor units of
 * the currency; a value that does not convert is sent as NaN so the schema reports it on the field.
 * The commission is sent only when the business has the commission plugin.
 */
export function formToProviderBody(v: ProviderFormValues, opts: { currency: string; commission: boolean }): ProviderBody {
  const body: ProviderBody = {
    name: v.name,
    label: v.label.trim() || null,
    branch_id: v.branch_id,
    user_id: v.user_id,
    clients_in_same_time: v.clients_in_same_time === '' ? Number.NaN : Number(v.clients_in_same_time),
    assignment_type: v.assignment_type,
    working_hours: formToHours(v.days),
    service_ids: v.service_ids,
  };
  // Left out when empty: a new provider gets the next palette colour, an edited one keeps its own.
  if (v.color.trim()) body.color = v.color.trim();
  if (opts.commission) {
    if (v.commission_type === 'none') {
      body.commission_type = null;
      body.commission_value = 0;
    } else {
      body.commission_type = v.commission_type;
      const raw = String(v.commission_amount).trim();
      const value = v.commission_type === 'percentage' ? toMinor(raw, 'USD') : toMinor(raw, opts.currency);
      body.commission_value = raw === '' || value === null ? Number.NaN : value;
    }
  }
  return body;
}

/** An API field path → the form's: working hours per day, the commission value. */
export function providerFieldFor(apiPath: string): string {
  const day = /^working_hours\.(\d)/.exec(apiPath);
  if (day) return `days.${day[1]}`;
  if (apiPath.startsWith('working_hours')) return 'days';
  if (apiPath === 'commission_value') return 'commission_amount';
  if (apiPath.startsWith('service_ids')) return 'service_ids';
  return apiPath;
}

export function toProviderFormErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) out[providerFieldFor(path)] ??= message;
  return out;
}
