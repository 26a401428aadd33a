import { useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { fetchData } from '@/lib/query';

export type PushConfig = { enabled: boolean; public_key: string | null };

/** `GET push/config`: whether the server sends web push, and its VAPID public key. */
export const usePushConfig = () => useQuery({ queryKey: ['push', 'config'], queryFn: fetchData<PushConfig>('push/config'), staleTime: 5 * 60_000 });

export const PUSH_WORKER = '/push-sw.js';

/** Whether this browser can take web push at all (service workers, the Push API, notifications). */
export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration(PUSH_WORKER);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Asks the user's permission, subscribes this browser with the server's key, and hands the subscription to the server. */
export async function enablePush(publicKey: string): Promise<'on' | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const reg = await navigator.serviceWorker.register(PUSH_WORKER);
  await navigator.serviceWorker.ready;
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api.post('push/subscriptions', sub.toJSON());
  return 'on';
}

/** Tells the server to forget this browser, then drops the subscription. */
export async function disablePush(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await apiRequest('push/subscriptions', { method: 'DELETE', body: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}
