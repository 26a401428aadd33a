import { REVIEW_BODY_MAX, REVIEW_RATING_MAX } from '@app/shared/schemas/reviews';
import { Alert, Avatar, Button, Card, Center, Divider, Loader, Rating, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconClockX, IconHeartHandshake, IconLinkOff } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { formatDay, formatNumber, joinList } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type PublicReview, usePublicReview, useSubmitReview } from '../api/reviews';

function Notice({ icon, color, title, body, testId }: { icon: ReactNode; color: string; title: string; body: string; testId: string }) {
  return (
    <Stack align="center" ta="center" gap="sm" py="xl" data-testid={testId}>
      <ThemeIcon size={64} radius={32} variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={2} fz={22}>
        {title}
      </Title>
      <Text c="dimmed">{body}</Text>
    </Stack>
  );
}

/** The business and the visit the link is about. */
function VisitHeader({ review }: { review: PublicReview }) {
  const { t } = useTranslation('reviews');
  const locale = useLocale();
  return (
    <Stack gap="xs" align="center" ta="center">
      <Avatar src={review.business.logo} alt="" size={64} radius="md" color="blue">
        {review.business.name.slice(0, 1)}
      </Avatar>
      <Title order={1} fz={{ base: 20, sm: 24 }} data-testid="public-review-business">
        {review.business.name}
      </Title>
      {/* One line each: names in another script than the page's stay whole instead of reordering across separators. */}
      <Stack gap={0} align="center" data-testid="public-review-visit">
        {[
          review.visit_date ? t('public.visitOn', { date: formatDay(review.visit_date, locale) }) : t('public.order', { number: review.order_number }),
          review.services.length ? joinList(review.services, locale) : null,
          review.providers.length ? t('public.with', { names: joinList(review.providers, locale) }) : null,
        ]
          .filter((line): line is string => Boolean(line))
          .map((line) => (
            <Text key={line} c="dimmed" fz="sm">
              {line}
            </Text>
          ))}
      </Stack>
    </Stack>
  );
}

/**
 * `/r/:token`: the customer's review of a visit, no sign-in (guard.ts OPEN). It shows the business
 * and the visit, a star picker (1–5) and room for a few words; then a thank-you. A visit already
 * reviewed shows the stars given; a link that was altered, or has passed its 30 days, says so.
 */
export function PublicReviewPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('reviews');
  const locale = useLocale();
  const review = usePublicReview(token);
  const submit = useSubmitReview(token);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [missing, setMissing] = useState(false);
  const [justSent, setJustSent] = useState(false);

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) {
      setMissing(true);
      return;
    }
    if (body.length > REVIEW_BODY_MAX) return;
    submit.mutate(
      { rating, body: body.trim() || null },
      {
        onSuccess: () => setJustSent(true),
        // Reviewed meanwhile (another tab) or the link died: show what the link says now.
        onError: (err) => {
          if (isApiError(err) && (err.status === 409 || err.status === 410 || err.status === 404)) void review.refetch();
        },
      },
    );
  };

  let content: ReactNode;
  if (review.isPending) {
    content = (
      <Center h={220} data-testid="public-review-loading">
        <Loader />
      </Center>
    );
  } else if (review.isError) {
    const status = isApiError(review.error) ? review.error.status : 0;
    if (status === 410) content = <Notice icon={<IconClockX size={32} />} color="orange" title={t('public.expiredTitle')} body={t('public.expiredBody')} testId="public-review-expired" />;
    else if (status === 404 || status === 422)
      content = <Notice icon={<IconLinkOff size={32} />} color="red" title={t('public.invalidTitle')} body={t('public.invalidBody')} testId="public-review-invalid" />;
    else
      content = (
        <Stack data-testid="public-review-error">
          <Alert color="red" icon={<IconAlertCircle size={20} />}>
            {t('public.loadError')}
          </Alert>
          <Button variant="light" onClick={() => void review.refetch()}>
            {t('public.retry')}
          </Button>
        </Stack>
      );
  } else if (review.data.reviewed) {
    const given = review.data.rating ?? 0;
    content = (
      <Stack gap="lg">
        <VisitHeader review={review.data} />
        <Divider />
        <Stack align="center" ta="center" gap="sm" data-testid={justSent ? 'public-review-thanks' : 'public-review-done'}>
          <ThemeIcon size={56} radius={28} variant="light" color="green">
            <IconHeartHandshake size={28} />
          </ThemeIcon>
          <Title order={2} fz={20}>
            {justSent ? t('public.thanksTitle') : t('public.doneTitle')}
          </Title>
          <Rating value={given} count={REVIEW_RATING_MAX} readOnly size="lg" aria-label={t('stars', { value: formatNumber(given, locale), max: formatNumber(REVIEW_RATING_MAX, locale) })} />
          <Text c="dimmed" fz="sm">
            {justSent ? t('public.thanksBody') : t('public.doneBody')}
          </Text>
        </Stack>
      </Stack>
    );
  } else {
    const tooLong = body.length > REVIEW_BODY_MAX;
    const serverError = isApiError(submit.error) && submit.error.status === 422 ? (Object.values(submit.error.fieldErrors)[0] ?? submit.error.message) : null;
    content = (
      <form onSubmit={send} noValidate>
        <Stack gap="lg">
          <VisitHeader review={review.data} />
          <Divider />
          <Stack gap={6} align="center">
            <Text fw={600} id="review-stars-label">
              {t('public.question')}
            </Text>
            <Rating
              value={rating}
              onChange={(v) => {
                setRating(v);
                setMissing(false);
              }}
              count={REVIEW_RATING_MAX}
              size="xl"
              getSymbolLabel={(v) => t('stars', { value: formatNumber(v, locale), max: formatNumber(REVIEW_RATING_MAX, locale) })}
              aria-labelledby="review-stars-label"
              data-testid="public-review-stars"
            />
            <Text fz="sm" c={missing ? 'red' : 'dimmed'} aria-live="polite" data-testid="public-review-stars-hint">
              {missing ? t('public.starsRequired') : rating > 0 ? t(`public.ratingWords.${rating}`) : t('public.starsHint')}
            </Text>
          </Stack>
          <Textarea
            label={t('public.bodyLabel')}
            placeholder={t('public.bodyPlaceholder')}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={8}
            error={tooLong ? t('reply.tooLong', { max: formatNumber(REVIEW_BODY_MAX, locale) }) : undefined}
            data-testid="public-review-body"
          />
          {serverError && (
            <Alert color="red" icon={<IconAlertCircle size={20} />} data-testid="public-review-refused">
              {serverError}
            </Alert>
          )}
          {isApiError(submit.error) && submit.error.status !== 422 && submit.error.status !== 409 && submit.error.status !== 410 && submit.error.status !== 404 && (
            <Alert color="red" icon={<IconAlertCircle size={20} />}>
              {submit.error.status === 429 ? submit.error.message : t('public.sendError')}
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth loading={submit.isPending} disabled={tooLong} data-testid="public-review-submit">
            {t('public.submit')}
          </Button>
          <Text fz="xs" c="dimmed" ta="center">
            {t('public.moderationNote')}
          </Text>
        </Stack>
      </form>
    );
  }

  return (
    <Center py={{ base: 'md', sm: 40 }}>
      <Card withBorder shadow="sm" p={{ base: 'md', sm: 32 }} w="100%" maw={480} data-testid="public-review-page">
        {content}
      </Card>
    </Center>
  );
}

