import { type BRANCH_TYPES, DEFAULT_TIMEZONE } from '@app/shared/constants';
import type { Branch } from '@app/shared/schemas/access';
import { type DayForm, defaultWeek, formToHours, hoursToForm } from './working-hours';

export type BranchType = (typeof BRANCH_TYPES)[number];

/** The branch form's values: latitude/longitude stay '' while blank (Mantine's NumberInput). */
export type BranchFormValues = {
  name: string;
  type: BranchType;
  address: string;
  lat: number | string;
  lng: number | string;
  timezone: string;
  days: DayForm[];
};

export function emptyBranchForm(timezone: string = DEFAULT_TIMEZONE): BranchFormValues {
  return { name: '', type: 'on-site', address: '', lat: '', lng: '', timezone, days: defaultWeek() };
}

export function branchToForm(b: Branch): BranchFormValues {
  return {
    name: b.name,
    type: b.type,
    address: b.address ?? '',
    lat: b.location?.lat ?? '',
    lng: b.location?.lng ?? '',
    timezone: b.timezone,
    days: hoursToForm(b.working_hours),
  };
}

const blank = (v: number | string) => v === '' || v === null || v === undefined;
const num = (v: number | string) => (blank(v) ? undefined : typeof v === 'number' ? v : Number(String(v).replace(',', '.')));

/**
 * Form → request body (before the shared `branchBody` schema parses it). No coordinates means no
 * location; one of the two alone is left undefined so the schema reports it as required.
 */
export function formToBranchBody(v: BranchFormValues) {
  const location = blank(v.lat) && blank(v.lng) ? null : { lat: num(v.lat), lng: num(v.lng) };
  return {
    name: v.name,
    type: v.type,
    address: v.address.trim() ? v.address.trim() : null,
    location,
    timezone: v.timezone,
    working_hours: formToHours(v.days),
  };
}

/** API field path → the form field that shows its message. */
export function branchFieldFor(apiPath: string): string {
  if (apiPath === 'location.lat' || apiPath === 'location') return 'lat';
  if (apiPath === 'location.lng') return 'lng';
  const day = /^working_hours\.(\d)/.exec(apiPath);
  if (day) return `days.${day[1]}`;
  if (apiPath.startsWith('working_hours')) return 'days';
  return apiPath;
}

export const BRANCH_FORM_FIELDS = ['name', 'type', 'address', 'lat', 'lng', 'timezone', 'days', ...[0, 1, 2, 3, 4, 5, 6].map((d) => `days.${d}`)];

/** Re-keys API-shaped messages onto form fields, first message per field winning. */
export function toFormErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) out[branchFieldFor(path)] ??= message;
  return out;
}
