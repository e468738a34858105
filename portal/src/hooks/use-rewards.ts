import useSWR from 'swr';
import {
  LEARNER_REWARD_PATHS, type LearnerCampaign, type PhotoUpload, type RedeemOrder, type Reward, type RewardPointsEntry, type Sale,
} from '@lp/shared/contract';

interface Page<T> { count: number; results: T[] }

/** GET /api/rewards/campaigns/ — the campaigns the learner is on or targeted by. */
export const useRewardCampaigns = () => useSWR<LearnerCampaign[]>(LEARNER_REWARD_PATHS.campaigns);
/** GET /api/rewards/campaigns/{id}/ — my points, level, the stores and products of a sale. */
export const useRewardCampaign = (id: number) => useSWR<LearnerCampaign>(LEARNER_REWARD_PATHS.campaign(id));
export const useRewardStatement = (id: number) => useSWR<RewardPointsEntry[]>(LEARNER_REWARD_PATHS.statement(id));
export const useMySales = (id: number) => useSWR<Page<Sale>>(`${LEARNER_REWARD_PATHS.sales(id)}?page_size=50`);
/** GET /api/rewards/campaigns/{id}/photos/ — my photo uploads with their audit. */
export const useMyPhotos = (id: number) => useSWR<PhotoUpload[]>(LEARNER_REWARD_PATHS.photos(id));
export const useMyOrders = (id: number) => useSWR<Page<RedeemOrder>>(`${LEARNER_REWARD_PATHS.orders(id)}?page_size=50`);

/** The catalog with its filters (spec 3 §2 "catalog with filters"): a category, featured only. */
export function useRewardCatalog(id: number, filters: { category_id?: number; featured?: boolean }) {
  const query = new URLSearchParams({ page_size: '100' });
  if (filters.category_id) query.set('category_id', String(filters.category_id));
  if (filters.featured) query.set('featured', 'true');
  return useSWR<Page<Reward>>(`${LEARNER_REWARD_PATHS.catalog(id)}?${query.toString()}`);
}
