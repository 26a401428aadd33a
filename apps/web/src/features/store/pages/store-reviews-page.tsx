import { ReviewsPage } from '@/features/marketing/pages/reviews-page';
import { StoreTabs } from '../components/store-tabs';

/** `/store/reviews` (`marketing.reviews`): the reviews' moderation screen, under the store's tabs. */
export function StoreReviewsPage() {
  return <ReviewsPage tabs={<StoreTabs />} />;
}
