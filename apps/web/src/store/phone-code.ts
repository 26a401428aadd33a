import { call } from './api';
import { busy, field, h, showError } from './dom';
import { t } from './i18n';
import type { ApiError } from './logic';

/**
 * The phone code of a store that asks for a confirmed phone (settings.require_phone_otp), one flow for
 * the booking's details and the waitlist: `POST {api}/otp` {phone, phone_country} sends a code (again
 * after 60 s), `POST {api}/otp/verify` {…, code} answers the `phone_proof` the write then carries.
 */
export type PhoneCode = { sentTo: string; proof: string; resendAt: number; code: string };
export const phoneCodeState = (): PhoneCode => ({ sentTo: '', proof: '', resendAt: 0, code: '' });

/** The proof for the phone typed, '' until that very phone is confirmed. */
export const proofFor = (otp: PhoneCode, phone: string): string => (otp.proof && otp.sentTo === phone.trim() ? otp.proof : '');

type Field = ReturnType<typeof field>;

/**
 * The send / type / verify box under `phone` (redrawn when the phone changes). `rejected` takes a
 * write's error: when the server refused the proof (`phone_proof`: lapsed), it forgets it, redraws
 * and answers the error with its message on `phone`, next to the field.
 */
export function phoneCodeBox(api: string, country: string, phone: Field, otp: PhoneCode): { box: HTMLElement; code: Field; rejected: (e: ApiError) => ApiError } {
  const box = h('div', { class: 'st-otp', 'data-testid': 'store-otp' });
  const typed = () => phone.control.value.trim();
  const code = field(t('code'), h('input', { name: 'code', inputmode: 'numeric', autocomplete: 'one-time-code', maxlength: 4, pattern: '[0-9]{4}', dir: 'ltr', value: otp.code, oninput: (e: Event) => (otp.code = (e.target as HTMLInputElement).value) }));
  let tick = 0;
  const draw = () => {
    window.clearInterval(tick);
    if (proofFor(otp, typed())) {
      box.replaceChildren(h('p', { class: 'st-success', 'data-testid': 'store-otp-verified' }, `✓ ${t('phone_verified')}`));
      return;
    }
    const send = h('button', { type: 'button', class: 'st-btn st-btn-secondary', 'data-testid': 'store-otp-send' }, otp.sentTo ? t('resend') : t('send_code'));
    const wait = () => {
      const s = Math.ceil((otp.resendAt - Date.now()) / 1000);
      send.disabled = s > 0;
      send.textContent = s > 0 ? t('resend_in', { n: s }) : otp.sentTo ? t('resend') : t('send_code');
    };
    send.addEventListener('click', () => {
      void busy(send, async () => {
        showError(phone.error, null, phone.control);
        const number = typed();
        if (!number) return showError(phone.error, t('required'), phone.control);
        const res = await call('POST', `${api}/otp`, { phone: number, phone_country: country });
        if (!res.ok) return showError(phone.error, res.error.errors.phone?.[0] ?? res.error.message, phone.control);
        otp.sentTo = number;
        otp.proof = '';
        otp.resendAt = Date.now() + 60_000;
        draw();
        code.control.focus();
      });
      wait();
    });
    if (!otp.sentTo || otp.sentTo !== typed()) {
      box.replaceChildren(send);
      return;
    }
    const verify = h('button', { type: 'button', class: 'st-btn st-btn-secondary', 'data-testid': 'store-otp-verify' }, t('verify'));
    verify.addEventListener('click', () => {
      void busy(verify, async () => {
        showError(code.error, null, code.control);
        const value = otp.code.trim();
        if (!/^\d{4}$/.test(value)) return showError(code.error, t('required'), code.control);
        const res = await call<{ phone_proof: string }>('POST', `${api}/otp/verify`, { phone: otp.sentTo, phone_country: country, code: value });
        if (!res.ok) return showError(code.error, res.error.errors.code?.[0] ?? res.error.message, code.control);
        otp.proof = res.data.phone_proof;
        draw();
      });
    });
    box.replaceChildren(h('p', { class: 'st-muted st-small' }, t('code_sent')), h('div', { class: 'st-row st-end' }, code.wrap, verify), send);
    wait();
    // Stops with the box (a step redrawn, the form done).
    tick = window.setInterval(() => (box.isConnected ? wait() : window.clearInterval(tick)), 1000);
  };
  phone.control.addEventListener('change', draw);
  draw();
  const rejected = (e: ApiError): ApiError => {
    const { phone_proof, ...errors } = e.errors;
    if (!phone_proof) return e;
    otp.proof = '';
    draw();
    return { ...e, errors: { ...errors, phone: errors.phone ?? phone_proof } };
  };
  return { box, code, rejected };
}
