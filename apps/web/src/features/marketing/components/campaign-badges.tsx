import type { CampaignChannel, CampaignRecipientStatus, CampaignStatus } from '@app/shared/schemas/campaigns';
import { Badge, type BadgeProps } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<CampaignStatus, string> = { draft: 'gray', scheduled: 'blue', sending: 'orange', completed: 'green', cancelled: 'red' };
const RECIPIENT_COLORS: Record<CampaignRecipientStatus, string> = { pending: 'gray', queued: 'blue', sent: 'teal', success: 'green', failed: 'red', skipped: 'yellow', cancelled: 'gray' };
const CHANNEL_ICONS = { sms: IconMessage, email: IconMail, whatsapp: IconBrandWhatsapp } as const;

type Extra = Omit<BadgeProps, 'children' | 'color'> & { 'data-testid'?: string };

export function CampaignStatusBadge({ value, ...props }: { value: CampaignStatus } & Extra) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge color={STATUS_COLORS[value]} variant="light" style={{ minWidth: 'max-content' }} {...props}>
      {t(`statuses.${value}`)}
    </Badge>
  );
}

export function RecipientStatusBadge({ value, ...props }: { value: CampaignRecipientStatus } & Extra) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge color={RECIPIENT_COLORS[value]} variant="light" style={{ minWidth: 'max-content' }} {...props}>
      {t(`recipientStatuses.${value}`)}
    </Badge>
  );
}

export function CampaignChannelBadge({ value, ...props }: { value: CampaignChannel } & Extra) {
  const { t } = useTranslation('campaigns');
  const Icon = CHANNEL_ICONS[value];
  return (
    <Badge color="gray" variant="outline" leftSection={<Icon size={12} />} style={{ minWidth: 'max-content' }} {...props}>
      {t(`channels.${value}`)}
    </Badge>
  );
}
