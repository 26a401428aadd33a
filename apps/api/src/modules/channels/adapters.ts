import type { Config } from '../../config';
import type { Print } from '../../integrations/local-console';
import { localPush, type PushAdapter, vapidPush } from '../../integrations/push/push.adapter';
import { localSms, type SmsAdapter, webhookSms } from '../../integrations/sms/sms.adapter';
import { unifonicSms } from '../../integrations/sms/unifonic';
import { cloudWhatsapp, localWhatsapp, type WhatsappAdapter } from '../../integrations/whatsapp/whatsapp.adapter';
import { localWhatsappSession, unavailableWhatsappSession, type WhatsappSessionAdapter } from '../../integrations/whatsapp/whatsapp-session';

/**
 * The adapters behind the channels, chosen by the configuration (docs/marketing.md "Channels"):
 * SMS by Unifonic (`UNIFONIC_APP_SID`), else a relay (`SMS_WEBHOOK_URL`), else printed locally;
 * WhatsApp by the Cloud API (`WHATSAPP_PHONE_NUMBER_ID` + `WHATSAPP_ACCESS_TOKEN`), else through the
 * QR-linked session, whose only adapter here is the local simulator (printed).
 */
export function smsAdapterFor(config: Config, print: Print | undefined): SmsAdapter {
  const u = config.channels.unifonic;
  if (u) return unifonicSms({ appSid: u.appSid, senderId: u.senderId, url: u.url });
  return config.smsWebhookUrl ? webhookSms(config.smsWebhookUrl, config.smsApiKey) : localSms(print);
}

export function whatsappAdapterFor(config: Config, print: Print | undefined): WhatsappAdapter {
  const c = config.channels.whatsappCloud;
  return c ? cloudWhatsapp(c) : localWhatsapp(print);
}

/** The simulator outside production only (like the development outbox): in production, no gateway means no link. */
export function whatsappSessionFor(config: Config): WhatsappSessionAdapter {
  return config.env === 'production' ? unavailableWhatsappSession() : localWhatsappSession();
}

/** Web push with the server's VAPID keys (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`, `VAPID_SUBJECT`), else printed. */
export function pushAdapterFor(config: Config, print: Print | undefined): PushAdapter {
  return config.channels.vapid ? vapidPush(config.channels.vapid) : localPush(print);
}
