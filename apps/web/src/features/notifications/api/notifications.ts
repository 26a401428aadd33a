import type { Notification, NotificationChannel, NotificationStatus, NotificationTemplate, TemplateBody } from '@app/shared/schemas/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@/components/list-view/list-view';
import { api } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useSaveMutation, useWriteMutation, type WriteResult } from '@/lib/query';

export type { Notification, NotificationTemplate, TemplateBody };

/** `GET notifications`: a page of the log, the last `days` days (7 by default), newest first. */
export type LogQuery = { page: number; per_page: number; days: number; status?: NotificationStatus; channel?: NotificationChannel };

/**
 * Query keys of the notifications screens. An order's messages live under the orders' tree, so every
 * write on an order (a cancellation sends messages) refreshes them too.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  templates: ['notifications', 'templates'] as const,
  log: (q: LogQuery) => ['notifications', 'log', q] as const,
  ofOrder: (orderId: string) => ['orders', 'notifications', orderId] as const,
};

/** `GET templates` (`settings.notifications`): every template of the business, on or off (not paged). */
export const useTemplates = () => useQuery({ queryKey: notificationKeys.templates, queryFn: fetchData<NotificationTemplate[]>('templates') });

/** `POST templates` / `PUT templates/{id}`: WhatsApp and push answer 422 on `channel` (no app), an unknown variable 422 on its body. */
export const useSaveTemplate = () => useSaveMutation<TemplateBody>('templates', [notificationKeys.templates]);

/** `POST templates/{id}/toggle { status }`: switches it on or off. */
export const useToggleTemplate = () =>
  useWriteMutation(
    ({ id, status }: { id: string; status: 'active' | 'inactive' }) =>
      api.post<WriteResult & { data: NotificationTemplate }>(`templates/${encodeURIComponent(id)}/toggle`, { status }),
    [notificationKeys.templates],
  );

/** `DELETE templates/{id}`. */
export const useDeleteTemplate = () => useDeleteMutation('templates', [notificationKeys.templates]);

/** `GET notifications?days&status&channel&page&per_page` (`notifications`): the log. */
export const useNotificationLog = (query: LogQuery) =>
  useQuery({
    queryKey: notificationKeys.log(query),
    queryFn: ({ signal }) => api.get<Paged<Notification>>('notifications', query, signal),
    placeholderData: keepPreviousData,
  });

/** `POST notifications/{id}/resend` → 201, a new message with its own line in the log; 422 when the receiver cannot be reached on the channel. */
export const useResendNotification = () =>
  useWriteMutation((id: string) => api.post<WriteResult & { data: Notification }>(`notifications/${encodeURIComponent(id)}/resend`), [notificationKeys.all, ['orders', 'notifications']]);

/** `GET orders/{id}/notifications` (the orders key): every message about the order, newest first. */
export const useOrderNotifications = (orderId: string) =>
  useQuery({ queryKey: notificationKeys.ofOrder(orderId), queryFn: fetchData<Notification[]>(`orders/${encodeURIComponent(orderId)}/notifications`) });
