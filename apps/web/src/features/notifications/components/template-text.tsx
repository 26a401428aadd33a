import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_VARIABLES, type TemplateVariable } from '../lib/template-form';

const isVariable = (name: string): name is TemplateVariable => (TEMPLATE_VARIABLES as readonly string[]).includes(name);

const CHIP = {
  paddingInline: 4,
  borderRadius: 'var(--mantine-radius-sm)',
  background: 'var(--mantine-color-blue-light)',
  color: 'var(--mantine-color-blue-light-color)',
  fontWeight: 500,
  unicodeBidi: 'isolate',
} as const;

/**
 * A template's text as the business reads it: each known `{{variable}}` shown as its name in the UI
 * language (isolated, so the Latin braces never scramble an Arabic line), the rest as written.
 */
export function TemplateText({ text }: { text: string }) {
  const { t } = useTranslation('notifications');
  const parts = text.split(/(\{\{\s*[a-z_]+\s*\}\})/g);
  return (
    <>
      {parts.map((part, i) => {
        const name = /^\{\{\s*([a-z_]+)\s*\}\}$/.exec(part)?.[1];
        return name && isVariable(name) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
          <span key={i} style={CHIP} data-variable={name} title={`{{${name}}}`}>
            {t(`variables.${name}`)}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
          <Fragment key={i}>{part}</Fragment>
        );
      })}
    </>
  );
}
