import { STORE_PAGE_BODY_MAX, STORE_PAGE_TYPES, type StorePageType } from '@app/shared/schemas/store';
import { Anchor, Button, Card, Group, Input, SegmentedControl, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowRight, IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListError, ListSkeleton } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { applyServerErrors, clearOnBlur } from '@/lib/form-errors';
import { toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { useCustomPage, useDeleteCustomPage, useSaveCustomPage } from '../api/custom-pages';
import { StoreTabs } from '../components/store-tabs';
import { emptyPageValues, PAGE_FORM_FIELDS, type PageFormValues, pageRequest, pageValues, slugFrom } from '../lib/page-form';

const LIST = '/store/custom-pages';

/** `/store/custom-pages/create` and `/store/custom-pages/:id` (`marketing.pages`): one page of the store, a text or a link. */
export function CustomPagePage() {
  const { t } = useTranslation('store');
  const { id: param } = useParams();
  const id = param && param !== 'create' ? param : null;
  const page = useCustomPage(id);

  return (
    <Stack gap="lg" data-testid="custom-page-page">
      <StoreTabs />
      <Anchor component={Link} to={LIST} fz="sm" data-testid="page-back">
        <Group gap={4} component="span">
          <BackIcon />
          {t('pages.back')}
        </Group>
      </Anchor>
      <PageHeader title={t(id ? 'pages.editTitle' : 'pages.createTitle')} subtitle={t('pages.formSubtitle')} />
      {id && page.isPending ? (
        <ListSkeleton rows={5} />
      ) : id && (page.isError || !page.data) ? (
        <ListError text={{ title: t('pages.loadOneError'), retry: t('retry') }} onRetry={() => void page.refetch()} />
      ) : (
        <PageForm id={id} initial={page.data ? pageValues(page.data) : emptyPageValues()} />
      )}
    </Stack>
  );
}

/** The back arrow points toward the start of the line: right in Arabic, left in English. */
function BackIcon() {
  const locale = useLocale();
  const Icon = locale === 'ar' ? IconArrowRight : IconArrowLeft;
  return <Icon size={14} />;
}

export function PageForm({ id, initial }: { id: string | null; initial: PageFormValues }) {
  const { t } = useTranslation('store');
  const locale = useLocale();
  const navigate = useNavigate();
  const save = useSaveCustomPage();
  const remove = useDeleteCustomPage();
  const [deleting, setDeleting] = useState(false);
  // A new page's slug follows its title until the person types one.
  const slugTouched = useRef(Boolean(id));
  const form = useForm<PageFormValues>({ initialValues: initial, validate: (v) => pageRequest(v, locale).errors });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page loaded refills the form once
  useEffect(() => {
    form.setValues(initial);
    form.resetDirty();
  }, [id]);
  const input = (path: (typeof PAGE_FORM_FIELDS)[number]) => clearOnBlur(form, path, form.getInputProps(path));
  const content = form.values.type === 'content';

  const submit = form.onSubmit((v) =>
    save.mutate({ id, body: pageRequest(v, locale).body }, { onSuccess: () => navigate(LIST), onError: (e) => applyServerErrors(form, e, PAGE_FORM_FIELDS) }),
  );

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate data-testid="page-form">
        <Stack gap="md">
          <Input.Wrapper label={t('pages.form.type')}>
            <SegmentedControl
              fullWidth
              mt={4}
              value={form.values.type}
              onChange={(x) => {
                form.setFieldValue('type', x as StorePageType);
                form.clearFieldError('body');
                form.clearFieldError('url');
              }}
              data={STORE_PAGE_TYPES.map((type) => ({ value: type, label: t(`pages.types.${type}`) }))}
              data-testid="page-type"
            />
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('pages.form.title')}
              required
              maxLength={120}
              data-testid="page-title"
              {...input('title')}
              onChange={(e) => {
                const title = e.currentTarget.value;
                form.setFieldValue('title', title);
                if (!slugTouched.current) form.setFieldValue('slug', slugFrom(title));
              }}
            />
            <TextInput
              label={t('pages.form.slug')}
              description={t('pages.form.slugHint')}
              required
              dir="ltr"
              maxLength={120}
              autoCapitalize="off"
              spellCheck={false}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data-testid="page-slug"
              {...input('slug')}
              onChange={(e) => {
                slugTouched.current = true;
                form.setFieldValue('slug', e.currentTarget.value);
              }}
            />
          </SimpleGrid>
          {content ? (
            <Textarea label={t('pages.form.body')} required autosize minRows={8} maxRows={24} maxLength={STORE_PAGE_BODY_MAX} data-testid="page-body" {...input('body')} />
          ) : (
            <TextInput label={t('pages.form.url')} description={t('pages.form.urlHint')} required dir="ltr" type="url" placeholder="https://" maxLength={500} data-testid="page-url" {...input('url')} />
          )}
          <Switch label={t('pages.form.published')} description={t('pages.form.publishedHint')} data-testid="page-published" {...form.getInputProps('published', { type: 'checkbox' })} />
          <Group justify="space-between" wrap="wrap">
            {id ? (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} data-testid="page-delete">
                {t('pages.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" component={Link} to={LIST}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="page-save">
                {t('save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={deleting}
        title={t('pages.deleteTitle')}
        message={t('pages.deleteBodyPlain')}
        confirmLabel={t('pages.delete')}
        loading={remove.isPending}
        onConfirm={() => id && remove.mutate(id, { onSuccess: () => navigate(LIST), onError: toastRejected, onSettled: () => setDeleting(false) })}
        onClose={() => setDeleting(false)}
      />
    </Card>
  );
}
