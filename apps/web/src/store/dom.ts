/** A tiny element builder: `h('button', { class: 'x', onclick }, 'text', child)`. */
type Attrs = Record<string, unknown>;
export type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'class') el.className = String(v);
    else if (k === 'value' && 'value' in el) (el as HTMLInputElement).value = String(v);
    else if (k === 'checked' && 'checked' in el) (el as HTMLInputElement).checked = Boolean(v);
    else if (k === 'disabled' && 'disabled' in el) (el as HTMLButtonElement).disabled = Boolean(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: (Child | Child[])[]): void {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'object' ? c : String(c));
  }
}

let seq = 0;
export const uid = (prefix: string): string => `${prefix}-${++seq}`;

/** A labelled form field with its error line (aria-describedby), as one block. */
export function field(label: string, control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, opts: { hint?: string; optional?: string } = {}): { wrap: HTMLElement; error: HTMLElement; control: typeof control } {
  const id = control.id || uid('f');
  control.id = id;
  const error = h('p', { class: 'st-error', id: `${id}-err`, role: 'alert', hidden: true });
  const hint = opts.hint ? h('p', { class: 'st-hint', id: `${id}-hint` }, opts.hint) : null;
  control.setAttribute('aria-describedby', [hint ? `${id}-hint` : '', `${id}-err`].filter(Boolean).join(' '));
  const wrap = h('div', { class: 'st-field' }, h('label', { for: id }, label, opts.optional ? h('span', { class: 'st-muted' }, ` ${opts.optional}`) : null), control, hint, error);
  return { wrap, error, control };
}

export function showError(error: HTMLElement, text: string | null, control?: Element): void {
  error.textContent = text ?? '';
  error.hidden = !text;
  if (control) {
    if (text) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  }
}

/** Runs `work` with the button busy (disabled, aria-busy): never twice at once. */
export async function busy<T>(button: HTMLButtonElement, work: () => Promise<T>): Promise<T | undefined> {
  if (button.getAttribute('aria-busy') === 'true') return undefined;
  button.setAttribute('aria-busy', 'true');
  button.disabled = true;
  try {
    return await work();
  } finally {
    button.removeAttribute('aria-busy');
    button.disabled = false;
  }
}

/** Moves focus to a new step's heading (screen readers announce it). */
export function focusHeading(root: Element): void {
  const heading = root.querySelector<HTMLElement>('h2, h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: false });
}
