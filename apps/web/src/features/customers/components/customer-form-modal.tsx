import { PHONE_COUNTRIES, PHONE_COUNTRY_CODES } from '@app/shared/phone';
import { type Customer, customerBody } from '@app/shared/schemas/customers';
import { messageFor } from '@app/shared/validation';
import { Anchor, Group, Modal, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '@/components/date-field';
import { FormFooter } from '@/components/form-footer';
import { type ApiConflict, isApiError } from '@/lib/api-client';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { zodErrors } from '@/lib/zod-errors';
import { guessPhoneCountry } from '@/lib/phone-country';
import { useLocale } from '@/lib/use-locale';
import { type CustomFieldDef, useCreateCustomer, useCustomerFields, useTagOptions, useUpdateCustomer } from '../api/customers';
import { useAttachments } from '../api/customers';
import { CUSTOMER_FORM_FIELDS, type CustomerFormValues, collectedFields, customerToForm, emptyCustomerForm, formToCustomerBody, missingRequired } from '../lib/customer-form';

type Props = { opened: boolean; onClose: () => void; customer?: Customer | null; onSaved?: (c: Customer) => void };

/** Adds a customer (POST) or edits one (PATCH): names, phone with its country, e-mail, tags, custom fields. */
export function CustomerFormModal({ opened, onClose, customer, onSaved }: Props) {
  const { t } = useTranslation('customers');
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{customer ? t('form.editTitle') : t('form.createTitle')}</Text>} size="lg" data-testid="customer-modal">
      {opened && <CustomerForm customer={customer ?? null} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function CustomerForm({ customer, onClose, onSaved }: { customer: Customer | null; onClose: () => void; onSaved?: ((c: Customer) => void) | undefined }) {
  const { t } = useTranslation('customers');
  const locale = useLocale();
  const tags = useTagOptions();
  const fields = useCustomerFields();
  const defs = collectedFields<CustomFieldDef>(fields.data ?? []);
  const create = useCreateCustomer();
  const update = useUpdateCustomer(customer?.uuid ?? '');
  const save = customer ? update : create;
  const form = useForm<CustomerFormValues>({
    initialValues: customer ? customerToForm(customer, PHONE_COUNTRIES[customer.phone_country]?.dial) : emptyCustomerForm(),
    validate: (v) => ({ ...zodErrors(customerBody, formToCustomerBody(v, defs), locale), ...missingRequired(v, defs, messageFor('required', locale), !customer) }),
  });
  const customPaths = defs.map((d) => `custom_fields.${d.uuid}`);
  // A phone another customer already has: who, for as long as the phone is the one refused.
  const [conflict, setConflict] = useState<{ phone: string; customer: ApiConflict['customer'] } | null>(null);
  const phoneOwner = conflict && conflict.phone === form.values.phone ? conflict.customer : null;
  const submit = form.onSubmit((v) => {
    const body = customerBody.parse(formToCustomerBody(v, defs));
    save.mutate(body, {
      onSuccess: (res) => {
        onSaved?.(res.data);
        onClose();
      },
      onError: (e) => {
        if (!isApiError(e)) return;
        applyServerErrors(form, e, [...CUSTOMER_FORM_FIELDS, ...customPaths]);
        setConflict(e.conflict?.field === 'phone' ? { phone: v.phone, customer: e.conflict.customer } : null);
      },
    });
  });
  const props = (path: string) => clearOnBlur(form, path, form.getInputProps(path));
  const countries = PHONE_COUNTRY_CODES.map((code) => {
    const c = PHONE_COUNTRIES[code];
    return { value: code, label: `${c?.name[locale] ?? code} (+${c?.dial ?? ''})` };
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={t('fields.firstName')} required data-autofocus data-testid="customer-first-name" {...props('first_name')} />
          <TextInput label={t('fields.lastName')} required data-testid="customer-last-name" {...props('last_name')} />
        </SimpleGrid>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <Select
            label={t('fields.country')}
            data={countries}
            searchable
            allowDeselect={false}
            w={{ base: 150, xs: 220 }}
            comboboxProps={{ width: 260 }}
            data-testid="customer-phone-country"
            {...props('phone_country')}
          />
          <Stack gap={4} style={{ flex: 1 }}>
            <TextInput
              label={t('fields.phone')}
              inputMode="tel"
              styles={{ input: { direction: 'ltr' } }}
              placeholder="5XXXXXXXX"
              data-testid="customer-phone"
              {...props('phone')}
              onChange={(e) => {
                const value = e.currentTarget.value;
                form.setFieldValue('phone', value);
                const guessed = guessPhoneCountry(value, form.values.phone_country);
                if (guessed !== form.values.phone_country) form.setFieldValue('phone_country', guessed);
              }}
            />
            {phoneOwner && (
              <Anchor component={Link} to={`/management/customers/${phoneOwner.uuid}`} onClick={onClose} fz="sm" data-testid="customer-phone-owner">
                {t('form.openExisting', { name: phoneOwner.name })}
              </Anchor>
            )}
          </Stack>
        </Group>
        <TextInput label={t('fields.email')} type="email" styles={{ input: { direction: 'ltr' } }} data-testid="customer-email" {...props('email')} />
        <TextInput label={t('fields.address')} data-testid="customer-address" {...props('address')} />
        <MultiSelect
          label={t('fields.tags')}
          placeholder={tags.data?.length ? t('fields.tagsPlaceholder') : t('fields.noTags')}
          data={(tags.data ?? []).map((tag) => ({ value: tag.uuid, label: tag.name }))}
          searchable
          clearable
          disabled={!tags.data?.length && !form.values.tag_ids.length}
          data-testid="customer-tags"
          {...props('tag_ids')}
        />
        <Textarea label={t('fields.note')} autosize minRows={2} maxRows={5} data-testid="customer-note" {...props('note')} />
        <Switch
          label={t('fields.marketingOptOut')}
          description={t('fields.marketingOptOutHint')}
          data-testid="customer-marketing-opt-out"
          {...form.getInputProps('marketing_opt_out', { type: 'checkbox' })}
        />
        {defs.length > 0 && (
          <Stack gap="sm" data-testid="customer-custom-fields">
            <Text fw={600} fz="sm">
              {t('fields.customFields')}
            </Text>
            {defs.map((d) => (
              <CustomFieldInput key={d.uuid} def={d} locale={locale} customerId={customer?.uuid ?? null} inputProps={props(`custom_fields.${d.uuid}`)} />
            ))}
          </Stack>
        )}
        <FormFooter cancelLabel={t('form.cancel')} onCancel={onClose} submitLabel={customer ? t('form.save') : t('form.create')} submitTestId="customer-save" loading={save.isPending} />
      </Stack>
    </form>
  );
}

type InputProps = ReturnType<ReturnType<typeof useForm>['getInputProps']>;

/** One custom field, by its kind; the label in the reader's language (the English name in English). */
export function CustomFieldInput({ def, locale, customerId, inputProps }: { def: CustomFieldDef; locale: 'ar' | 'en'; customerId: string | null; inputProps: InputProps }) {
  const label = locale === 'en' && def.name_en ? def.name_en : def.label;
  const common = { label, required: def.is_required, 'data-testid': `custom-field-${def.uuid}` };
  switch (def.html_tag) {
    case 'location':
      return <TextInput placeholder="24.7136, 46.6753" styles={{ input: { direction: 'ltr' } }} {...common} {...inputProps} />;
    case 'file':
      return customerId ? <AttachmentSelect customerId={customerId} common={common} inputProps={inputProps} /> : <FileLater label={label} />;
    case 'textarea':
      return <Textarea autosize minRows={2} {...common} {...inputProps} />;
    case 'number':
      return <NumberInput hideControls {...common} {...inputProps} />;
    case 'date':
      return <DateField {...common} {...inputProps} value={typeof inputProps.value === 'string' ? inputProps.value : ''} />;
    case 'select':
      return <Select data={def.options} clearable={!def.is_required} {...common} {...inputProps} />;
    default:
      return <TextInput {...common} {...inputProps} />;
  }
}

/** A file field's value: one of the customer's attachments (uploaded on the customer page). */
function AttachmentSelect({ customerId, common, inputProps }: { customerId: string; common: { label: string; required: boolean; 'data-testid': string }; inputProps: InputProps }) {
  const { t } = useTranslation('customers');
  const attachments = useAttachments(customerId);
  const data = (attachments.data ?? []).map((a) => ({ value: a.uuid, label: a.name }));
  return <Select data={data} clearable={!common.required} description={data.length ? undefined : t('form.fileHint')} {...common} {...inputProps} />;
}

/** On a new customer a file field waits: attachments are uploaded once the customer exists. */
function FileLater({ label }: { label: string }) {
  const { t } = useTranslation('customers');
  return (
    <Stack gap={2}>
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('form.fileLater')}
      </Text>
    </Stack>
  );
}
