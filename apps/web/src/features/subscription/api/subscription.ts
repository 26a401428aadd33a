import { TRIAL_EXTENSION_RELOAD_MS } from '@app/shared/constants';
import type {
  Bank,
  BillingCycle,
  Charge,
  CheckoutResult,
  CheckoutStarted,
  FullSubscription,
  Plan,
  Product,
  SubscriptionInvoice,
} from '@app/shared/schemas/subscription';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@/components/list-view/list-view';
import { authKeys } from '@/features/auth/api/auth-keys';
import { api, apiRequest, toast } from '@/lib/api-client';
import { fetchData } from '@/lib/query';

/** Everything the subscription screens read hangs off `['subscription']`: one invalidation refreshes it all. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  charges: () => [...subscriptionKeys.all, 'charges'] as const,
  charge: (id: string) => [...subscriptionKeys.all, 'charges', id] as const,
  invoices: (page: number) => [...subscriptionKeys.all, 'invoices', page] as const,
  invoice: (id: string) => [...subscriptionKeys.all, 'invoice', id] as const,
  checkout: (plan: string, cycle: BillingCycle) => [...subscriptionKeys.all, 'checkout', plan, cycle] as const,
  banks: () => [...subscriptionKeys.all, 'banks'] as const,
  products: () => [...subscriptionKeys.all, 'products'] as const,
};
export const pricingKeys = { all: ['pricing'] as const };

/** `GET subscription`: answers while the trial or the plan has ended (every other business call is 402 then). */
export const useSubscription = () => useQuery({ queryKey: subscriptionKeys.all, queryFn: fetchData<FullSubscription>('subscription'), retry: false });

/** `GET pricing`: the active plans in order, names in the language in use. */
export const usePlans = () => useQuery({ queryKey: pricingKeys.all, queryFn: fetchData<Plan[]>('pricing'), staleTime: 5 * 60_000 });

/** `GET subscription/charges`: newest first. */
export const useCharges = () => useQuery({ queryKey: subscriptionKeys.charges(), queryFn: fetchData<Charge[]>('subscription/charges') });

/** How often a charge still pending at the gateway is asked again on the result page. */
export const PENDING_CHARGE_POLL_MS = 2000;

/** `GET subscription/charges/{id}`; a failure is the page's to show (no toast). `poll`: ask again while it is pending. */
export const useCharge = (id: string, enabled = true, poll = false) =>
  useQuery({
    queryKey: subscriptionKeys.charge(id),
    queryFn: ({ signal }) => apiRequest<{ data: Charge }>(`subscription/charges/${encodeURIComponent(id)}`, { signal, quiet: true }).then((r) => r.data),
    enabled: enabled && id !== '',
    retry: false,
    refetchInterval: (q) => (poll && q.state.data?.status === 'pending' ? PENDING_CHARGE_POLL_MS : false),
  });

export const INVOICES_PER_PAGE = 20;

/** `GET subscription/invoices?page&per_page`. */
export const useSubscriptionInvoices = (page: number) =>
  useQuery({
    queryKey: subscriptionKeys.invoices(page),
    queryFn: ({ signal }) => api.get<Paged<SubscriptionInvoice>>('subscription/invoices', { page, per_page: INVOICES_PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });

/** `GET subscription/invoices/{id}`. */
export const useSubscriptionInvoice = (id: string) =>
  useQuery({ queryKey: subscriptionKeys.invoice(id), queryFn: fetchData<SubscriptionInvoice>(`subscription/invoices/${encodeURIComponent(id)}`), retry: false });

/** `GET subscription/get-banks`: the platform's accounts to transfer to. */
export const useBanks = (enabled: boolean) => useQuery({ queryKey: subscriptionKeys.banks(), queryFn: fetchData<Bank[]>('subscription/get-banks'), enabled, staleTime: 5 * 60_000 });

/** `GET cashier-products`: what the platform sells besides plans (a cashier device); extra to the plans page, so a failure just hides it. */
export const useProducts = () =>
  useQuery({
    queryKey: subscriptionKeys.products(),
    queryFn: ({ signal }) => apiRequest<{ data: Product[] }>('cashier-products', { signal, quiet: true }).then((r) => r.data),
    retry: false,
    staleTime: 5 * 60_000,
  });

/**
 * `GET subscription/{plan}/checkout?cycle=`: what a checkout would charge now. Never kept once the
 * payment dialog closes (an upgrade's credit shrinks by the day).
 */
export const useCheckoutSummary = (plan: string, cycle: BillingCycle, enabled: boolean) =>
  useQuery({
    queryKey: subscriptionKeys.checkout(plan, cycle),
    queryFn: ({ signal }) => api.get<{ data: CheckoutResult }>(`subscription/${encodeURIComponent(plan)}/checkout`, { cycle }, signal).then((r) => r.data),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** `GET subscription/{plan}/checkout/{cycle}?coupon=CODE`: the same with the coupon; a 422 on `coupon` when it is unknown or used up. */
export const checkCoupon = (plan: string, cycle: BillingCycle, coupon: string) =>
  api.get<{ data: CheckoutResult }>(`subscription/${encodeURIComponent(plan)}/checkout/${cycle}`, { coupon }).then((r) => r.data);

/** Where the browser goes: replaceable in tests (jsdom cannot navigate). */
export const pageReload = { run: () => window.location.reload() };
export const pageLocation = { assign: (url: string) => window.location.assign(url) };

/** A subscription (or a renewal) the payment dialog pays for; `plan` is the plan's uuid or slug. */
export type PlanTarget = { mode: 'subscribe' | 'renew'; plan: string; planName: string; cycle: BillingCycle };

/** How it is paid: a card carries no bank fields (spec §5); a transfer carries the bank, the sender and the receipt. */
export type CheckoutPayment =
  | { payment_method: 'credit_card'; coupon: string | null }
  | { payment_method: 'bank_transfer'; coupon: string | null; bank_id: string; beneficiary_name: string; receipt: File };

export const checkoutPath = (target: PlanTarget) =>
  target.mode === 'renew' ? `subscription/renew/${encodeURIComponent(target.plan)}` : `subscription/${encodeURIComponent(target.plan)}/checkout/${target.cycle}`;

/** The request body: JSON `{ payment_method, coupon? }` for a card, multipart for a transfer. */
export function checkoutBody(payment: CheckoutPayment): Record<string, string> | FormData {
  if (payment.payment_method === 'credit_card') return payment.coupon ? { payment_method: 'credit_card', coupon: payment.coupon } : { payment_method: 'credit_card' };
  const form = new FormData();
  form.append('payment_method', 'bank_transfer');
  form.append('bank_id', payment.bank_id);
  form.append('beneficiary_name', payment.beneficiary_name);
  if (payment.coupon) form.append('coupon', payment.coupon);
  form.append('receipt', payment.receipt);
  return form;
}

export const startCheckout = (target: PlanTarget, payment: CheckoutPayment) =>
  apiRequest<{ message: string; data: CheckoutStarted }>(checkoutPath(target), { method: 'POST', body: checkoutBody(payment) });

/** `POST cashier-products/{id}/checkout`: a card payment for `quantity` of a product. */
export const startProductCheckout = (product: Product, quantity: number) =>
  api.post<{ message: string; data: { url: string | null; charge_id: string } }>(`cashier-products/${encodeURIComponent(product.id)}/checkout`, {
    payment_method: 'credit_card',
    quantity,
  });

/**
 * `/payment-success?…` for a checkout settled without a gateway (a transfer sent for review, or a
 * total of zero): the checkout's own figures, as a gateway's return carries them
 * (docs/subscription.md), and `payment_type=bank_transfer` after a transfer.
 */
export function successPath(r: CheckoutStarted): string {
  const q = new URLSearchParams();
  if (r.charge_id) q.set('charge_id', r.charge_id);
  q.set('plan', r.plan.id);
  q.set('cycle', r.cycle);
  q.set('total_amount', String(r.total_amount));
  q.set('unit_amount', String(r.unit_amount));
  q.set('quantity', String(r.quantity));
  q.set('discount', String(r.discount));
  if (r.coupon) q.set('coupon', r.coupon.code);
  if (r.status === 'awaiting_review') q.set('payment_type', 'bank_transfer');
  return `/payment-success?${q.toString()}`;
}

/** After a write that changes the subscription: it and the signed-in user (the 402 lock, the banners) are fetched again. */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }), queryClient.invalidateQueries({ queryKey: authKeys.me() })]);
}

/** `GET subscription/cancel` / `GET subscription/resume`: auto-renewal off or on; the answer is the subscription. */
export function useAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') => api.get<{ message: string; data: FullSubscription }>(`subscription/${action}`),
    onSuccess: (res) => {
      toast(res.message);
      queryClient.setQueryData(subscriptionKeys.all, res.data);
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}

/** `DELETE subscription/pending-change`: the scheduled downgrade is dropped; the plan renews as it is. */
export function useDropPendingChange() {
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: () => api.delete<{ message?: string }>('subscription/pending-change'),
    onSuccess: async (res) => {
      if (res?.message) toast(res.message);
      await refresh();
    },
  });
}

/** `POST subscription/charges/{id}/simulate { outcome }` (the local gateway): settles the charge and says where to go. */
export const simulateCharge = (id: string, outcome: 'paid' | 'failed') =>
  api.post<{ data: { status: Charge['status']; redirect: string } }>(`subscription/charges/${encodeURIComponent(id)}/simulate`, { outcome }).then((r) => r.data);

/**
 * `GET subscription/extend-trail` (the spec's spelling): once per business. On success the server's
 * message is toasted and the page reloads after TRIAL_EXTENSION_RELOAD_MS (spec: 3 seconds), so
 * every screen starts again with the business unlocked. A refusal (422: already extended, or a
 * subscription exists) is shown by the caller from the error's message; the state is fetched again.
 */
export function useExtendTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<{ message: string; data: FullSubscription }>('subscription/extend-trail'),
    onSuccess: (res) => {
      // The screen keeps saying "extended, reloading" until the reload starts every query afresh.
      toast(res.message);
      setTimeout(() => pageReload.run(), TRIAL_EXTENSION_RELOAD_MS);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    },
  });
}
