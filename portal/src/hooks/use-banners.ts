import useSWR from 'swr';
import { BANNER_PATHS, type LearnerBannerList } from '@lp/shared/contract';

/** GET /api/banners/ — the banners of the user's audience live today (every place; one request). */
export function useBanners() {
  return useSWR<LearnerBannerList>(BANNER_PATHS.learnerBanners);
}
