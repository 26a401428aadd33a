import { currencyDigits } from '@app/shared/currencies';
import { Alert, Anchor, Button, Group, NumberInput, type NumberInputProps, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

/** A list page's heading: title, subtitle and the main action. */
export function ListHeader({ title, subtitle, action }: { title: string; subtitle: string; action?: ReactNode }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {title}
          </Title>
          <Text c="dimmed">{subtitle}</Text>
        </div>
        {action}
      </Group>
    </Stack>
  );
}

/** A form page's heading with the way back to its list. */
export function FormHeader({ back, title, children }: { back: string; title: string; children?: ReactNode }) {
  const { t } = useTranslation('catalogue');
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <div>
        <Anchor component={Link} to={back} fz="sm" c="dimmed">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowBackUp size={16} />
            {t('back')}
          </Group>
        </Anchor>
        <Title order={1} fz={{ base: 22, sm: 28 }} mt={4}>
          {title}
        </Title>
      </div>
      {children}
    </Group>
  );
}

/** A record that could not be loaded (gone, or the request failed). */
export function LoadError({ notFound, onRetry, back }: { notFound: boolean; onRetry: () => void; back: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <Stack maw={900} mx="auto" w="100%">
      <Alert color="red" variant="light" title={t(notFound ? 'notFound' : 'loadError')} data-testid="load-error">
        <Group gap="sm" mt="xs">
          {!notFound && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('retry')}
            </Button>
          )}
          <Anchor component={Link} to={back} fz="sm">
            {t('back')}
          </Anchor>
        </Group>
      </Alert>
    </Stack>
  );
}

/** A form page's record id: the `:id` parameter, or `undefined` on the `new` route. */
export function useRecordId(): string | undefined {
  const { id } = useParams();
  return id && id !== 'new' ? id : undefined;
}

type RecordQuery<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };

/**
 * A form page's record while it loads (the page loader) or when it could not be loaded (the error,
 * with the way back); then the page itself (`children`, given the record, none when creating).
 */
export function RecordGate<T>({ id, query, back, children }: { id: string | undefined; query: RecordQuery<T>; back: string; children: (record: T | undefined) => ReactNode }) {
  if (id && query.isPending) return <PageLoader />;
  if (id && query.isError) return <LoadError notFound={isApiError(query.error) && query.error.status === 404} onRetry={() => void query.refetch()} back={back} />;
  return children(query.data);
}

/** A form page's buttons: back to the list, then create (new record) or save. */
export function FormPageFooter({ back, editing, saving, testId }: { back: string; editing: boolean; saving: boolean; testId: string }) {
  const { t } = useTranslation('catalogue');
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" component={Link} to={back}>
        {t('cancel')}
      </Button>
      <Button type="submit" loading={saving} data-testid={testId}>
        {editing ? t('save') : t('create')}
      </Button>
    </Group>
  );
}

/** The tenant's currency code and how to show an amount in minor units. */
export function useMoney() {
  const user = useCurrentUser();
  const locale = useLocale();
  const currency = user.tenant.currency;
  return { currency, digits: currencyDigits(currency), format: (minor: number) => formatMoney(minor, locale, currency) };
}

/** An amount typed in major units, with the currency's decimal digits. */
export function MoneyInput(props: NumberInputProps) {
  const { currency, digits } = useMoney();
  return (
    <NumberInput
      min={0}
      decimalScale={digits}
      hideControls
      thousandSeparator=","
      rightSection={
        <Text fz="xs" c="dimmed" pe={6}>
          {currency}
        </Text>
      }
      rightSectionWidth={48}
      {...props}
    />
  );
}
