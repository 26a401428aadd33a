import type { AudienceCount, Campaign, CampaignAudienceInput, CampaignBody, CampaignChannel, CampaignRecipient, CampaignRecipientStatus, CampaignStatus } from '@app/shared/schemas/campaigns';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@/components/list-view/list-view';
import { api } from '@/lib/api-client';
import { fetchData, useDeleteMutation, useSaveMutation, useWriteMutation, type WriteResult } from '@/lib/query';

export type { AudienceCount, Campaign, CampaignBody, CampaignRecipient };

export type CampaignsQuery = { page: number; per_page: number; status?: CampaignStatus };
export type RecipientsQuery = { page: number; per_page: number; status?: CampaignRecipientStatus };

/** Query keys of the campaigns screens: every write refreshes the whole tree (list, detail, recipients). */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (q: CampaignsQuery) => ['campaigns', 'list', q] as const,
  one: (id: string) => ['campaigns', 'one', id] as const,
  recipients: (id: string, q: RecipientsQuery) => ['campaigns', 'recipients', id, q] as const,
  count: (audience: CampaignAudienceInput, channel: CampaignChannel) => ['campaigns', 'audience-count', channel, audience] as const,
};

/** While a campaign is being sent its progress is read again every few seconds. */
const SENDING_REFRESH_MS = 3000;

/** `GET campaigns`: a page, newest first, with recipients per status. */
export const useCampaigns = (query: CampaignsQuery) =>
  useQuery({
    queryKey: campaignKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<Campaign>>('campaigns', query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((c) => c.status === 'sending') ? SENDING_REFRESH_MS : false),
  });

/** `GET campaigns/{id}`. */
export const useCampaign = (id: string) =>
  useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: fetchData<Campaign>(`campaigns/${encodeURIComponent(id)}`),
    refetchInterval: (q) => (q.state.data?.status === 'sending' ? SENDING_REFRESH_MS : false),
  });

/** `GET campaigns/{id}/recipients?status&page&per_page`: the result per recipient. */
export const useCampaignRecipients = (id: string, query: RecipientsQuery, sending: boolean) =>
  useQuery({
    queryKey: campaignKeys.recipients(id, query),
    queryFn: ({ signal }) => api.get<Paged<CampaignRecipient>>(`campaigns/${encodeURIComponent(id)}/recipients`, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: sending ? SENDING_REFRESH_MS : false,
  });

/** `POST campaigns/audience-count`: who the audience reaches on the channel now (the form calls it debounced). */
export const useAudienceCount = (audience: CampaignAudienceInput, channel: CampaignChannel, enabled: boolean) =>
  useQuery({
    queryKey: campaignKeys.count(audience, channel),
    queryFn: () => api.post<{ data: AudienceCount }>('campaigns/audience-count', { audience, channel }).then((r) => r.data),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** `POST campaigns` / `PUT campaigns/{id}` (a draft, or scheduled with a future `scheduled_at`). */
export const useSaveCampaign = () => useSaveMutation<CampaignBody>('campaigns', [campaignKeys.all]);

/** `POST campaigns/{id}/send`: now (`scheduled_at` null) or at its time. */
export const useSendCampaign = () =>
  useWriteMutation(
    ({ id, scheduled_at }: { id: string; scheduled_at?: string | null }) =>
      api.post<WriteResult & { data: Campaign }>(`campaigns/${encodeURIComponent(id)}/send`, scheduled_at === undefined ? {} : { scheduled_at }),
    [campaignKeys.all],
  );

/** `POST campaigns/{id}/cancel`: nothing more of it is sent. */
export const useCancelCampaign = () => useWriteMutation((id: string) => api.post<WriteResult & { data: Campaign }>(`campaigns/${encodeURIComponent(id)}/cancel`), [campaignKeys.all]);

/** `DELETE campaigns/{id}` (draft or scheduled only). */
export const useDeleteCampaign = () => useDeleteMutation('campaigns', [campaignKeys.all]);
