import webpush from 'web-push';
import type { Print } from '../local-console';

/** A browser's subscription as it gave it (`PushSubscription.toJSON()`). */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };
/** What the service worker shows: a title, a text, and the dashboard path a click opens. */
export type PushPayload = { title: string; body: string; url?: string; tag?: string };
/** `gone`: the browser dropped the subscription (404/410), which is then forgotten. */
export type PushAdapter = { name: string; send(target: PushTarget, payload: PushPayload): Promise<'sent' | 'gone'> };

/** No VAPID keys: the notification is printed on the server's console (nothing in production). */
export function localPush(print?: Print): PushAdapter {
  return {
    name: 'local',
    send: async (target, payload) => {
      print?.({ channel: 'Push', to: new URL(target.endpoint).host, subject: payload.title, body: payload.body });
      return 'sent';
    },
  };
}

export type VapidOptions = { publicKey: string; privateKey: string; subject: string };
type SendNotification = typeof webpush.sendNotification;

/**
 * Web push with the server's VAPID keys (the `web-push` package: the payload encrypted for the
 * browser, RFC 8291, signed with the VAPID key, RFC 8292). Kept a day at the push service.
 */
export function vapidPush(vapid: VapidOptions, send: SendNotification = webpush.sendNotification.bind(webpush)): PushAdapter {
  return {
    name: 'web-push',
    async send(target, payload) {
      try {
        await send(target, JSON.stringify(payload), { vapidDetails: vapid, TTL: 24 * 3600, timeout: 10_000 });
        return 'sent';
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw new Error(`push service answered ${status ?? ''} ${(err as Error).message}`.trim());
      }
    },
  };
}
