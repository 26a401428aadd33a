import { badgeText } from '@app/shared/schemas/app-notifications';
import { ActionIcon, Box, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBell, IconCash, IconChecks, IconMessageCircle, IconReceipt, IconStar, type Icon } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { useUnreadCounts } from '@/features/orders/api/orders';
import { formatRelative } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { type AppNotification, useAppNotifications, useReadAll, useReadNote } from '../api/app-notifications';

/** A note's icon and colour by what made it. */
const KIND_ICON: Record<string, { icon: Icon; color: string }> = {
  payment_received: { icon: IconCash, color: 'green' },
  payment_failed: { icon: IconCash, color: 'red' },
  transaction_review: { icon: IconReceipt, color: 'orange' },
  review_received: { icon: IconStar, color: 'yellow' },
  comment_received: { icon: IconMessageCircle, color: 'blue' },
};

/**
 * The top bar's bell (spec §2, §4): the account's unread count (the counters' `notifications`,
 * polled every minute), a list of its notes opened from it (title, words, how long ago), "mark all
 * read", and an empty state. Clicking a note reads it (it leaves the list) and goes where it leads.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const counts = useUnreadCounts(true);
  const count = counts.data?.notifications ?? 0;
  const list = useAppNotifications(opened);
  const readAll = useReadAll();
  // Held here, not by the row: the row leaves the list as soon as its note is read.
  const read = useReadNote();
  const navigate = useNavigate();
  const open = (id: string) =>
    read.mutateAsync(id).then(
      ({ url }) => {
        setOpened(false);
        if (url) void navigate(url);
      },
      () => undefined,
    );
  const label = count > 0 ? `${t('topBar.notifications')} (${t('bell.unread', { n: badgeText(count) })})` : t('topBar.notifications');

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal trapFocus={false}>
      <Popover.Target>
        <Indicator label={badgeText(count)} size={16} disabled={count === 0} offset={4} color="red" data-testid="notifications-count">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} aria-expanded={opened} data-testid="notifications-bell" onClick={() => setOpened((o) => !o)}>
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="notifications-dropdown">
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Text fw={700}>{t('bell.title')}</Text>
          {(list.data?.data.length ?? 0) > 0 && (
            <Button size="compact-xs" variant="subtle" leftSection={<IconChecks size={14} />} loading={readAll.isPending} onClick={() => readAll.mutate()} data-testid="notifications-read-all">
              {t('bell.markAllRead')}
            </Button>
          )}
        </Group>
        <Divider />
        <QueryList
          query={{ ...list, data: list.data?.data }}
          loading={<ListSkeleton rows={3} testId="notifications-loading" />}
          error={{ title: t('bell.failed'), retry: t('bell.retry') }}
          empty={<ListEmpty icon={IconBell} title={t('bell.empty')} description={t('bell.emptyHint')} />}
        >
          {(notes) => (
            <ScrollArea.Autosize mah={420} type="auto">
              <Stack gap={0}>
                {notes.map((n) => (
                  <NoteRow key={n.id} note={n} busy={read.isPending} onOpen={() => void open(n.id)} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </QueryList>
      </Popover.Dropdown>
    </Popover>
  );
}

function NoteRow({ note, busy, onOpen }: { note: AppNotification; busy: boolean; onOpen: () => void }) {
  const kind = KIND_ICON[note.kind] ?? { icon: IconBell, color: 'brand' };
  const KindIcon = kind.icon;
  return (
    <UnstyledButton onClick={onOpen} disabled={busy} px="md" py="sm" data-testid="notification-item" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={kind.color} radius="xl" size="md">
          <KindIcon size={16} />
        </ThemeIcon>
        <Box miw={0} style={{ flex: 1 }}>
          <Text fz="sm" fw={600} lineClamp={2}>
            {note.title}
          </Text>
          {note.body && (
            <Text fz="xs" c="dimmed" lineClamp={2}>
              {note.body}
            </Text>
          )}
          <Text fz="xs" c="dimmed" mt={2}>
            <time dateTime={note.created_at}>{formatRelative(note.created_at, currentLocale())}</time>
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
