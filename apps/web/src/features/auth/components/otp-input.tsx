import { Group, TextInput } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const toLatin = (s: string) => s.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/\D/g, '');

/** What was typed into a box that may already hold a digit (the old digit stays in the value). */
function typedText(old: string, next: string): string {
  if (old && next.length === 2 && next.startsWith(old)) return next.slice(1);
  if (old && next.length === 2 && next.endsWith(old)) return next.slice(0, 1);
  return next;
}

type Props = { length: number; value: string[]; onChange: (digits: string[]) => void; disabled?: boolean; error?: boolean };

/** One box per digit: typing moves on, Backspace moves back, pasting fills every box. */
export function OtpInput({ length, value, onChange, disabled, error }: Props) {
  const { t } = useTranslation('auth');
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(length - 1, i))]?.focus();

  const setDigit = (index: number, raw: string) => {
    const digits = toLatin(raw);
    if (!digits) return;
    const next = [...value];
    // Typing over a filled box, or an autofill of the whole code into one box, spreads forward.
    for (let k = 0; k < digits.length && index + k < length; k++) next[index + k] = digits[k] ?? '';
    onChange(next);
    focus(index + digits.length);
  };

  const onKeyDown = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      const next = [...value];
      if (next[index]) next[index] = '';
      else if (index > 0) {
        next[index - 1] = '';
        focus(index - 1);
      }
      onChange(next);
    } else if (e.key === 'ArrowLeft') focus(index - 1);
    else if (e.key === 'ArrowRight') focus(index + 1);
  };

  const onPaste = (index: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    setDigit(index, e.clipboardData.getData('text'));
  };

  return (
    <Group gap="sm" justify="center" dir="ltr" wrap="nowrap">
      {Array.from({ length }, (_, i) => (
        <TextInput
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="otp-box"
          value={value[i] ?? ''}
          onChange={(e) => setDigit(i, typedText(value[i] ?? '', e.currentTarget.value))}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.currentTarget.select()}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={t('otp.digit', { n: i + 1 })}
          data-testid={`otp-${i}`}
          disabled={disabled}
          error={error}
          autoFocus={i === 0}
          w={60}
          size="xl"
        />
      ))}
    </Group>
  );
}
