import { STORE_SOCIAL_KEYS, type StoreSettings, type StoreSocialKey, storeContactsBody } from '@app/shared/schemas/store';
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { useLocale } from '@/lib/use-locale';
import { zodErrors } from '@/lib/zod-errors';
import { useSaveStoreSection } from '../api/store-settings';
import { StoreTabCard, StoreTabForm } from './store-tab-form';

type Values = { contact_phone: string; contact_email: string; address: string } & Record<StoreSocialKey, string>;
const FIELDS = ['contact_phone', 'contact_email', 'address', ...STORE_SOCIAL_KEYS] as const;
/** The social fields holding an address (the others a handle, a number or an e-mail). */
const PLACEHOLDERS: Partial<Record<StoreSocialKey, string>> = {
  facebook: 'https://facebook.com/…',
  twitter: 'https://x.com/…',
  youtube: 'https://youtube.com/@…',
  instagram: 'https://instagram.com/…',
  tiktok: 'https://tiktok.com/@…',
  linkedin: 'https://linkedin.com/company/…',
  snapchat: 'https://snapchat.com/add/…',
  email: 'hello@example.com',
  whatsapp: '+9665XXXXXXXX',
};

const valuesOf = (s: StoreSettings): Values => ({
  contact_phone: s.contact_phone ?? '',
  contact_email: s.contact_email ?? '',
  address: s.address ?? '',
  ...(Object.fromEntries(STORE_SOCIAL_KEYS.map((k) => [k, s.social[k] ?? ''])) as Record<StoreSocialKey, string>),
});

const bodyOf = (v: Values) => ({
  contact_phone: v.contact_phone.trim() || null,
  contact_email: v.contact_email.trim() || null,
  address: v.address.trim() || null,
  social: Object.fromEntries(STORE_SOCIAL_KEYS.map((k) => [k, v[k].trim() || null])) as Record<StoreSocialKey, string | null>,
});

/** Contacts (`store.contacts`): phone, e-mail, address and the social links the store shows. */
export function ContactsTab({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const save = useSaveStoreSection('contacts');
  const form = useForm<Values>({
    initialValues: valuesOf(settings),
    validate: (v) => {
      const errors: Record<string, string> = {};
      for (const [path, text] of Object.entries(zodErrors(storeContactsBody, bodyOf(v), locale))) errors[path.replace(/^social\./, '')] ??= text;
      return errors;
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved values refill the form
  useEffect(() => {
    form.setValues(valuesOf(settings));
    form.resetDirty();
  }, [settings]);
  const input = (path: (typeof FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));
  const submit = form.onSubmit((v) =>
    save.mutate(bodyOf(v), {
      onError: (e) => applyServerErrors(form, e, FIELDS, Object.fromEntries(STORE_SOCIAL_KEYS.map((k) => [`social.${k}`, k]))),
    }),
  );

  return (
    <StoreTabForm onSubmit={submit} saving={save.isPending} testId="store-contacts">
      <StoreTabCard title={t('contacts.title')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('contacts.phone')} dir="ltr" inputMode="tel" maxLength={32} data-testid="store-contact-phone" {...input('contact_phone')} />
          <TextInput label={t('contacts.email')} dir="ltr" type="email" maxLength={190} data-testid="store-contact-email" {...input('contact_email')} />
        </SimpleGrid>
        <Textarea label={t('contacts.address')} autosize minRows={2} maxRows={4} maxLength={300} data-testid="store-address" {...input('address')} />
      </StoreTabCard>
      <StoreTabCard title={t('contacts.socialTitle')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {STORE_SOCIAL_KEYS.map((k) => (
            <TextInput key={k} label={t(`social.${k}`)} dir="ltr" placeholder={PLACEHOLDERS[k]} maxLength={300} data-testid={`store-social-${k}`} {...input(k)} />
          ))}
        </SimpleGrid>
      </StoreTabCard>
    </StoreTabForm>
  );
}
