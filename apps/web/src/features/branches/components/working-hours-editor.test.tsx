import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { changeLocale, i18n } from '@/lib/i18n';
import { type DayForm, hoursToForm } from '../lib/working-hours';
import { type HoursForm, WorkingHoursEditor, WorkingHoursField } from './working-hours-editor';

beforeAll(async () => {
  await changeLocale('en');
});

const ui = (node: React.ReactNode) =>
  render(
    <MantineProvider theme={theme}>
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </MantineProvider>,
  );

describe('working hours editor: copy to all days', () => {
  it("copies an open day's ranges to every day, closed days included", () => {
    const value = hoursToForm({ '0': [['09:00', '17:00']], '1': [['20:00', '02:00']] });
    const onChange = vi.fn();
    ui(<WorkingHoursEditor value={value} onChange={onChange} errors={{}} />);
    // Only open days offer it.
    expect(screen.getByTestId('hours-0-copy-all')).toBeTruthy();
    expect(screen.queryByTestId('hours-5-copy-all')).toBeNull();
    const button = screen.getByRole('button', { name: 'Copy to all days: Monday' });
    fireEvent.click(button);
    expect(onChange).toHaveBeenCalledTimes(1);
    const days = onChange.mock.calls[0]?.[0] as DayForm[];
    expect(days).toHaveLength(7);
    for (const day of days) expect(day).toEqual({ open: true, ranges: [{ from: '20:00', to: '02:00' }] });
  });

  it('in a form, stores the copy, clears the day errors and reports the edit', () => {
    const form: HoursForm = {
      values: { days: hoursToForm({ '2': [['08:00', '12:00'], ['13:00', '16:00']] }) },
      errors: { 'days.3': 'bad' },
      setFieldValue: vi.fn(),
      clearFieldError: vi.fn(),
    };
    const onEdit = vi.fn();
    ui(<WorkingHoursField form={form} onEdit={onEdit} />);
    fireEvent.click(screen.getByTestId('hours-2-copy-all'));
    const days = vi.mocked(form.setFieldValue).mock.calls[0]?.[1] as DayForm[];
    expect(days.every((d) => d.open && d.ranges.length === 2)).toBe(true);
    expect(form.clearFieldError).toHaveBeenCalledWith('days.3');
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});
