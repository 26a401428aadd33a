import { DEFAULT_TIMEZONE } from '@app/shared/constants';

let cache: { value: string; label: string }[] | null = null;

/** "GMT+03:00" for a zone now; empty when the engine cannot tell. */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    return part?.value === 'GMT' ? 'GMT+00:00' : (part?.value ?? '');
  } catch {
    return '';
  }
}

/** Every IANA zone the browser knows, labelled with its current UTC offset; the default first. */
export function timeZoneOptions(): { value: string; label: string }[] {
  if (cache) return cache;
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (!zones.includes(DEFAULT_TIMEZONE)) zones = [DEFAULT_TIMEZONE, ...zones];
  if (!zones.includes('UTC')) zones = [...zones, 'UTC'];
  const options = zones.map((z) => ({ value: z, label: `${z.replace(/_/g, ' ')} (${zoneOffset(z)})` }));
  cache = [...options.filter((o) => o.value === DEFAULT_TIMEZONE), ...options.filter((o) => o.value !== DEFAULT_TIMEZONE)];
  return cache;
}

/** The options, plus `current` when it is a zone this browser does not list (an older engine). */
export function timeZoneOptionsWith(current: string | null | undefined): { value: string; label: string }[] {
  const options = timeZoneOptions();
  return current && !options.some((o) => o.value === current) ? [{ value: current, label: current }, ...options] : options;
}
