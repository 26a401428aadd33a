import type { Notification } from './api/notifications';

/** Tests only: a logged message as the API answers it (an SMS to a customer, sent), with `over` on top. */
export const message = (over: Partial<Notification> = {}): Notification => ({
  id: 'n1',
  action: 'booking_created',
  channel: 'sms',
  receiver_type: 'customer',
  receiver_name: 'Khalid Omar',
  email: null,
  phone: '+966512345678',
  title: null,
  body: 'Hi Khalid Omar, your Haircut is on 12 Mar 2026 at 10:00',
  status: 'sent',
  fail_reason: null,
  order_id: 'o1',
  booking_id: 'b1',
  sent_at: '2026-03-10T09:00:05.000Z',
  created_at: '2026-03-10T09:00:00.000Z',
  ...over,
});
