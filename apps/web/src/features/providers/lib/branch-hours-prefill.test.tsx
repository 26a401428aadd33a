import { useForm } from '@mantine/form';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DayForm, defaultWeek, formToHours, hoursToForm } from '@/features/branches/lib/working-hours';
import { useBranchHoursPrefill } from './branch-hours-prefill';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

type Hours = Record<string, [string, string][]>;
/** Branch A works a night shift (Thursday into Friday); B a split day; no branch: the main branch's. */
const HOURS: Record<string, Hours> = {
  A: { '0': [['16:00', '02:00']], '4': [['10:00', '14:00'], ['18:00', '03:00']] },
  B: { '1': [['08:00', '12:00'], ['13:00', '17:00']], '2': [['08:00', '12:00']] },
  C: { '3': [['11:00', '19:00']] },
  main: { '6': [['10:00', '22:00']] },
};

let asked: (string | null)[] = [];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const [url = '', qs = ''] = String(input).split('?');
      if (!url.endsWith('/providers/default-hours')) return json(404, { message: 'not found' });
      const branch = new URLSearchParams(qs).get('branch_id');
      asked.push(branch);
      return json(200, { data: { working_hours: HOURS[branch ?? 'main'] } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The provider form's slice the prefill touches: the branch and the days. */
function setup(opts: { enabled: boolean; branch: string | null; days?: DayForm[] }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(
    () => {
      const form = useForm<{ branch_id: string | null; days: DayForm[] }>({ initialValues: { branch_id: opts.branch, days: opts.days ?? defaultWeek() } });
      const prefill = useBranchHoursPrefill({ enabled: opts.enabled, branchId: form.values.branch_id, setDays: (days) => form.setFieldValue('days', days) });
      return { form, prefill };
    },
    { wrapper },
  );
}

const hoursOf = (r: { current: { form: { values: { days: DayForm[] } } } }) => formToHours(r.current.form.values.days);

describe('a new provider’s hours follow its branch', () => {
  it("starts with the chosen branch's hours, night shifts included", async () => {
    const { result } = setup({ enabled: true, branch: 'A' });
    expect(result.current.prefill.loading).toBe(true);
    await waitFor(() => expect(hoursOf(result)).toEqual(HOURS.A));
    expect(result.current.prefill.loading).toBe(false);
    expect(result.current.form.values.days[4]?.ranges).toEqual([
      { from: '10:00', to: '14:00' },
      { from: '18:00', to: '03:00' },
    ]);
    expect(result.current.form.values.days[5]?.open).toBe(false);
  });

  it("with no branch chosen, starts with the main branch's hours", async () => {
    const { result } = setup({ enabled: true, branch: null });
    await waitFor(() => expect(hoursOf(result)).toEqual(HOURS.main));
    expect(asked).toEqual([null]);
  });

  it('follows a branch change made before the hours are edited', async () => {
    const { result } = setup({ enabled: true, branch: 'A' });
    await waitFor(() => expect(hoursOf(result)).toEqual(HOURS.A));
    act(() => result.current.form.setFieldValue('branch_id', 'B'));
    await waitFor(() => expect(hoursOf(result)).toEqual(HOURS.B));
    // Back to a branch already fetched: its hours again.
    act(() => result.current.form.setFieldValue('branch_id', 'A'));
    await waitFor(() => expect(hoursOf(result)).toEqual(HOURS.A));
  });

  it('once the user edits the hours, a branch change no longer overwrites them', async () => {
    const { result } = setup({ enabled: true, branch: 'A' });
    await waitFor(() => expect(hoursOf(result)).toEqual(HOURS.A));
    const edited = hoursToForm({ '2': [['07:00', '15:00']] });
    act(() => {
      result.current.form.setFieldValue('days', edited);
      result.current.prefill.markEdited();
    });
    act(() => result.current.form.setFieldValue('branch_id', 'C'));
    // Give a (wrong) fetch time to land.
    await new Promise((r) => setTimeout(r, 50));
    expect(hoursOf(result)).toEqual({ '2': [['07:00', '15:00']] });
    expect(result.current.prefill.loading).toBe(false);
    expect(asked).toEqual(['A']);
  });

  it("leaves an existing provider's hours alone", async () => {
    const own = hoursToForm({ '0': [['09:00', '12:00']] });
    const { result } = setup({ enabled: false, branch: 'A', days: own });
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.prefill.loading).toBe(false);
    expect(result.current.form.values.days).toBe(own);
    expect(asked).toEqual([]);
  });
});
