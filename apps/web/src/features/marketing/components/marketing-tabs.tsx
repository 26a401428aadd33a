import { SectionTabs } from '@/components/section-tabs';
import { hasAnyPermission, type PermissionKey } from '@app/shared/permissions';
import { useTranslation } from 'react-i18next';
import { findMainRoute } from '@/app/route-table';
import { useCurrentUser } from '@/features/auth/api/get-me';

/** The marketing screens in the spec's order (§2: reviews first, then coupons, offers, campaigns), comments after the reviews, each with its key. */
export const MARKETING_SECTIONS: readonly { path: string; key: string; permission: PermissionKey }[] = [
  { path: '/marketing/reviews', key: 'reviews', permission: 'marketing.reviews' },
  { path: '/marketing/comments', key: 'comments', permission: 'comments' },
  { path: '/marketing/coupons', key: 'coupons', permission: 'marketing.coupons' },
  { path: '/marketing/offers', key: 'offers', permission: 'marketing.offers' },
  { path: '/marketing/campaigns', key: 'campaigns', permission: 'marketing.campaigns' },
];

/** Tabs between the marketing screens that exist and the user may open (shown when there are two or more). */
export function MarketingTabs() {
  const { t } = useTranslation('marketing');
  const user = useCurrentUser();
  const sections = MARKETING_SECTIONS.filter((s) => findMainRoute(s.path) && hasAnyPermission(user.permissions, [s.permission]));
  return <SectionTabs sections={sections} label={(key) => t(`tabs.${key}`)} testPrefix="marketing-tab" />;
}
