import { Badge, Box, Button, Card, Divider, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBell, IconClock, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowAction } from '@/components/list-table';
import { ListEmpty, ListSkeleton, QueryList } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { toastRejected } from '@/lib/refusal';
import { useLocale } from '@/lib/use-locale';
import { type NotificationTemplate, useDeleteTemplate, useTemplates, useToggleTemplate } from '../api/notifications';
import { ChannelBadge } from '../components/badges';
import { NotificationsTabs } from '../components/notifications-tabs';
import { TemplateFormModal, useOffsetLabel } from '../components/template-form-modal';
import { TemplateText } from '../components/template-text';
import { NOTIFICATION_ACTION_GROUPS, type NotificationAction } from '../lib/template-form';

type Editing = { template: NotificationTemplate | null; action?: NotificationAction };

/**
 * `/notifications/settings` (`settings.notifications`): the business's notification templates,
 * grouped by the event they answer (spec §3): bookings (made, confirmed, cancelled, moved, the
 * reminders before the appointment), orders and payments (invoiced, paid, a failed payment, a
 * payment link), and the rest (a review request, a verification code). Each shows its channel, receiver, a reminder's time and its text in the
 * UI language, with a switch to turn it on or off; added and edited in a modal, deleted after a
 * confirmation.
 */
export function NotificationTemplatesPage() {
  const { t } = useTranslation('notifications');
  const templates = useTemplates();
  const toggle = useToggleTemplate();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<NotificationTemplate | null>(null);
  const [toggling, setToggling] = useState<{ id: string; status: 'active' | 'inactive' } | null>(null);

  const switchOne = (tpl: NotificationTemplate, on: boolean) => {
    const status = on ? 'active' : 'inactive';
    setToggling({ id: tpl.id, status });
    toggle.mutate({ id: tpl.id, status }, { onError: toastRejected, onSettled: () => setToggling(null) });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => setDeleting(null),
      onError: (e) => {
        toastRejected(e);
        setDeleting(null);
      },
    });
  };

  const addFirst = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ template: null })} data-testid="templates-add-first">
      {t('templates.addFirst')}
    </Button>
  );

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%" data-testid="notification-templates-page">
      <NotificationsTabs />
      <PageHeader title={t('templates.title')} subtitle={t('templates.subtitle')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ template: null })} data-testid="templates-add">
          {t('templates.add')}
        </Button>
      </PageHeader>
      <QueryList
        query={templates}
        loading={
          <Card withBorder padding={0}>
            <ListSkeleton rows={4} />
          </Card>
        }
        error={{ title: t('templates.loadError'), retry: t('retry') }}
        empty={
          <Card withBorder padding={0}>
            <ListEmpty icon={IconBell} title={t('templates.empty')} description={t('templates.emptyHint')} action={addFirst} />
          </Card>
        }
      >
        {(list) => (
          <Stack gap="xl" data-testid="templates-list">
            {NOTIFICATION_ACTION_GROUPS.map((group) => (
              <Stack key={group.key} gap="md" component="section" aria-labelledby={`template-section-title-${group.key}`} data-testid={`template-section-${group.key}`}>
                <Title order={2} fz="h4" id={`template-section-title-${group.key}`}>
                  {t(`groups.${group.key}`)}
                </Title>
                {group.actions.map((action) => (
                  <ActionCard
                    key={action}
                    action={action}
                    templates={list.filter((x) => x.action === action)}
                    toggling={toggling}
                    onAdd={() => setEditing({ template: null, action })}
                    onEdit={(template) => setEditing({ template })}
                    onDelete={setDeleting}
                    onToggle={switchOne}
                  />
                ))}
              </Stack>
            ))}
          </Stack>
        )}
      </QueryList>
      <TemplateFormModal opened={editing !== null} template={editing?.template ?? null} action={editing?.action} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('templates.deleteTitle')}
        message={
          deleting
            ? t('templates.deleteBody', {
                channel: t(`channels.${deleting.channel}`),
                receiver: t(`receivers.${deleting.receiver}`),
                action: t(`actions.${deleting.action}.title`),
              })
            : ''
        }
        confirmLabel={t('templates.actions.delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

type ActionCardProps = {
  action: NotificationAction;
  templates: NotificationTemplate[];
  toggling: { id: string; status: 'active' | 'inactive' } | null;
  onAdd: () => void;
  onEdit: (t: NotificationTemplate) => void;
  onDelete: (t: NotificationTemplate) => void;
  onToggle: (t: NotificationTemplate, on: boolean) => void;
};

/** One event's templates: its name and when it is sent, then each template, or a line saying there is none. */
function ActionCard({ action, templates, toggling, onAdd, onEdit, onDelete, onToggle }: ActionCardProps) {
  const { t } = useTranslation('notifications');
  return (
    <Card withBorder padding="md" data-testid={`template-group-${action}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Box miw={0}>
          <Text fw={700}>{t(`actions.${action}.title`)}</Text>
          <Text fz="xs" c="dimmed">
            {t(`actions.${action}.description`)}
          </Text>
        </Box>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={onAdd}
          aria-label={t('templates.addFor', { action: t(`actions.${action}.title`) })}
          style={{ flexShrink: 0 }}
          data-testid={`template-add-${action}`}
        >
          {t('templates.addShort')}
        </Button>
      </Group>
      {templates.length === 0 ? (
        <Text fz="sm" c="dimmed" mt="sm" data-testid={`template-group-${action}-empty`}>
          {t('templates.noneForAction')}
        </Text>
      ) : (
        <Stack gap={0} mt="xs">
          {templates.map((tpl, i) => (
            <Fragment key={tpl.id}>
              {i > 0 && <Divider />}
              <TemplateRow template={tpl} toggling={toggling} onEdit={onEdit} onDelete={onDelete} onToggle={onToggle} />
            </Fragment>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function TemplateRow({ template: tpl, toggling, onEdit, onDelete, onToggle }: Omit<ActionCardProps, 'action' | 'templates' | 'onAdd'> & { template: NotificationTemplate }) {
  const { t } = useTranslation('notifications');
  const locale = useLocale();
  const offsetLabel = useOffsetLabel();
  const pending = toggling?.id === tpl.id;
  // While the switch's write is on its way it shows the state asked for.
  const active = pending ? toggling.status === 'active' : tpl.status === 'active';
  const body = locale === 'ar' ? tpl.body_ar : tpl.body_en;
  return (
    <Box py="sm" data-testid={`template-row-${tpl.id}`}>
      <Group wrap="nowrap" align="flex-start" justify="space-between" gap="sm">
        <Group gap={6} wrap="wrap" miw={0} pt={4}>
          <ChannelBadge value={tpl.channel} size="sm" data-testid={`template-channel-${tpl.id}`} />
          <Badge variant="outline" color="gray" size="sm" tt="none" style={{ minWidth: 'max-content' }} data-testid={`template-receiver-${tpl.id}`}>
            {t(`receivers.${tpl.receiver}`)}
          </Badge>
          {tpl.offset_minutes !== null && (
            <Badge variant="light" color="orange" size="sm" tt="none" leftSection={<IconClock size={12} />} style={{ minWidth: 'max-content' }} data-testid={`template-offset-${tpl.id}`}>
              {offsetLabel(tpl.offset_minutes)}
            </Badge>
          )}
          {!active && (
            <Badge variant="light" color="gray" size="sm" tt="none" data-testid={`template-off-${tpl.id}`}>
              {t('templates.status.inactive')}
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Switch
            checked={active}
            disabled={pending}
            onChange={(e) => onToggle(tpl, e.currentTarget.checked)}
            aria-label={t(active ? 'templates.actions.switchOff' : 'templates.actions.switchOn')}
            me={4}
            data-testid={`template-toggle-${tpl.id}`}
          />
          <RowAction label={t('templates.actions.edit')} icon={IconEdit} color="gray" onClick={() => onEdit(tpl)} data-testid={`template-edit-${tpl.id}`} />
          <RowAction label={t('templates.actions.delete')} icon={IconTrash} color="red" onClick={() => onDelete(tpl)} data-testid={`template-delete-${tpl.id}`} />
        </Group>
      </Group>
      <Text fz="sm" mt={6} lineClamp={2} c={active ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }} data-testid={`template-text-${tpl.id}`}>
        <TemplateText text={body} />
      </Text>
    </Box>
  );
}
