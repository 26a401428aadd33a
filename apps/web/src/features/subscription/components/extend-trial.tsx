import { TRIAL_EXTENSION_DAYS } from '@app/shared/constants';
import { Button, Stack, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useExtendTrial } from '../api/subscription';

/**
 * "Extend the trial 7 days": calls extend-trail once; on success the server's message is toasted
 * and the page reloads after 3 seconds, on a refusal its message shows under the button.
 */
export function ExtendTrial({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('subscription');
  const extend = useExtendTrial();
  if (extend.isSuccess) {
    return (
      <Text fz="sm" c="green.8" fw={600} role="status" data-testid="trial-extended">
        {t('trial.extended')}
      </Text>
    );
  }
  return (
    <Stack gap={6} align="flex-start">
      <Button size={size} onClick={() => extend.mutate()} loading={extend.isPending} leftSection={<IconCalendarPlus size={18} />} data-testid="extend-trial">
        {t('trial.extend', { count: TRIAL_EXTENSION_DAYS })}
      </Button>
      {extend.error && (
        <Text fz="sm" c="red.8" role="alert" data-testid="extend-trial-error">
          {extend.error.message}
        </Text>
      )}
    </Stack>
  );
}
