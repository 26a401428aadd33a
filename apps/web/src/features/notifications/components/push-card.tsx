import { Alert, Card, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSubscription, disablePush, enablePush, pushSupported, usePushConfig } from '../api/push';

/**
 * The profile's "browser notifications" switch (web push): shown when the server sends push (its
 * VAPID keys are set); turning it on asks the browser's permission and subscribes this browser for
 * the signed-in account, off forgets it.
 */
export function PushCard() {
  const { t } = useTranslation('channels');
  const config = usePushConfig();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'denied' | 'failed' | null>(null);
  const supported = pushSupported();
  useEffect(() => {
    if (supported) void currentSubscription().then((s) => setOn(Boolean(s)), () => setOn(false));
  }, [supported]);
  if (!config.data?.enabled || !config.data.public_key) return null;
  const key = config.data.public_key;

  const toggle = async (next: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (next) {
        const outcome = await enablePush(key);
        if (outcome === 'denied') setProblem('denied');
        setOn(outcome === 'on');
      } else {
        await disablePush();
        setOn(false);
      }
    } catch {
      setProblem('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg" data-testid="push-card">
      <Title order={2} fz="lg" mb={4}>
        {t('push.title')}
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        {t('push.hint')}
      </Text>
      {supported ? (
        <Switch checked={on} disabled={busy} onChange={(e) => void toggle(e.currentTarget.checked)} label={t('push.switch')} data-testid="push-switch" />
      ) : (
        <Text fz="sm">{t('push.unsupported')}</Text>
      )}
      {problem && (
        <Alert color="red" mt="sm" data-testid="push-problem">
          {t(`push.${problem}`)}
        </Alert>
      )}
    </Card>
  );
}
