import { type ApiError, addDays, dayParts, formatTime, groupSlots, pageOfDays, type Slot } from './logic';
import { h } from './dom';
import { t } from './i18n';

/** Days shown at once: two rows of a week. */
export const PAGE_DAYS = 14;

export type DayLoader = (from: string, to: string) => Promise<Map<string, Slot[]> | ApiError>;

/**
 * A page of days (two weeks) with the days that have free times; days without them are greyed (and
 * not chosen, unless `fullDaysPickable`: the waiting list). Pages back and forth within first..last.
 */
export function dayPicker(opts: {
  first: string;
  last: string;
  start: string;
  selected: string | null;
  locale: string;
  load: DayLoader;
  fullDaysPickable: boolean;
  onPick: (date: string, slots: Slot[]) => void;
  onPage?: (start: string) => void;
}): HTMLElement {
  let start = opts.start;
  const grid = h('div', { class: 'st-days', role: 'list', 'data-testid': 'store-days' });
  const status = h('p', { class: 'st-muted', 'aria-live': 'polite' });
  const prev = h('button', { type: 'button', class: 'st-btn st-btn-ghost', 'data-testid': 'store-days-prev' }, t('earlier'));
  const next = h('button', { type: 'button', class: 'st-btn st-btn-ghost', 'data-testid': 'store-days-next' }, t('later'));
  const wrap = h('div', { class: 'st-daypicker' }, h('div', { class: 'st-row st-between' }, prev, next), status, grid);

  async function show(): Promise<void> {
    const days = pageOfDays(start, PAGE_DAYS, opts.last);
    prev.disabled = start <= opts.first;
    next.disabled = addDays(start, PAGE_DAYS) > opts.last;
    grid.replaceChildren(...days.map((d) => dayButton(d, null)));
    status.textContent = t('loading');
    grid.setAttribute('aria-busy', 'true');
    const from = days[0];
    const to = days[days.length - 1];
    if (!from || !to) return;
    const loaded = await opts.load(from, to);
    if (start !== from) return; // paged on meanwhile
    grid.removeAttribute('aria-busy');
    if (!(loaded instanceof Map)) {
      status.textContent = loaded.message;
      return;
    }
    status.textContent = '';
    grid.replaceChildren(...days.map((d) => dayButton(d, loaded.get(d) ?? [])));
  }

  function dayButton(date: string, slots: Slot[] | null): HTMLElement {
    const p = dayParts(date, opts.locale);
    const full = slots !== null && slots.length === 0;
    const b = h(
      'button',
      {
        type: 'button',
        class: `st-day${full ? ' is-full' : ''}`,
        'data-date': date,
        'data-testid': `store-day-${date}`,
        'aria-pressed': String(opts.selected === date),
        disabled: slots === null || (full && !opts.fullDaysPickable),
        onclick: () => slots && opts.onPick(date, slots),
      },
      h('span', { class: 'st-day-wd' }, p.weekday),
      h('span', { class: 'st-day-d' }, p.day),
      h('span', { class: 'st-day-m' }, full ? t('full_day') : p.month),
    );
    return h('div', { role: 'listitem' }, b);
  }

  prev.addEventListener('click', () => {
    start = addDays(start, -PAGE_DAYS) < opts.first ? opts.first : addDays(start, -PAGE_DAYS);
    opts.onPage?.(start);
    void show();
  });
  next.addEventListener('click', () => {
    start = addDays(start, PAGE_DAYS);
    opts.onPage?.(start);
    void show();
  });
  void show();
  return wrap;
}

/** The day's free times as buttons, by part of the day. */
export function slotButtons(slots: Slot[], opts: { zone: string; locale: string; selected: string | null; onPick: (slot: Slot, button: HTMLButtonElement) => void }): HTMLElement {
  return h(
    'div',
    { class: 'st-slots', 'data-testid': 'store-slots' },
    groupSlots(slots).map((g) =>
      h(
        'div',
        { class: 'st-slot-group', role: 'group', 'aria-label': t(g.period) },
        h('h3', { class: 'st-slot-period' }, t(g.period)),
        h(
          'div',
          { class: 'st-slot-list' },
          g.slots.map((s) => {
            const b: HTMLButtonElement = h(
              'button',
              { type: 'button', class: 'st-slot', 'data-slot': s.slot, 'data-testid': `store-slot-${s.slot}`, 'aria-pressed': String(opts.selected === s.start_time), onclick: () => opts.onPick(s, b) },
              formatTime(s.start_time, opts.zone, opts.locale),
            );
            return b;
          }),
        ),
      ),
    ),
  );
}
