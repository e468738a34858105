import { useMemo } from 'react';
import {
  REWARD_PATHS, type AddCampaignUsersBody, type Campaign, type CampaignUser, type CampaignUserLevelBody, type OrderStatusBody, type RedeemCodesBody,
  type PhotoAuditBody, type PhotoUpload, type RedeemOrder, type Sale, type SaleAuditBody,
} from '@lp/shared/contract';
import { useContractHttp } from '../../common/http/index.ts';

/** The reward screens' verbs that are not record CRUD (docs/api.md "Reward campaigns"). */
export function useRewardActions() {
  const http = useContractHttp();
  return useMemo(() => ({
    /** draft → published: the fields lock (the screen confirms first) */
    publish: (id: number) => http.json<Campaign>(REWARD_PATHS.publish(id), 'POST'),
    /** published → closed: level recalculation and end-of-campaign e-mails (confirmed first) */
    close: (id: number) => http.json<Campaign>(REWARD_PATHS.close(id), 'POST'),
    addPeople: (id: number, userIds: number[]) => {
      const body: AddCampaignUsersBody = { user_ids: userIds };
      return http.json<{ added: number }>(REWARD_PATHS.people(id), 'POST', body);
    },
    /** removes the user with their sales and points (irreversible; confirmed first) */
    removePerson: (id: number, userId: number) => http.json<null>(REWARD_PATHS.person(id, userId), 'DELETE'),
    block: (id: number, userId: number) => http.json<CampaignUser>(REWARD_PATHS.block(id, userId), 'POST'),
    unblock: (id: number, userId: number) => http.json<CampaignUser>(REWARD_PATHS.unblock(id, userId), 'POST'),
    setLevel: (id: number, userId: number, levelId: number | null) => {
      const body: CampaignUserLevelBody = { level_id: levelId };
      return http.json<CampaignUser>(REWARD_PATHS.level(id, userId), 'POST', body);
    },
    audit: (saleId: number, body: SaleAuditBody) => http.json<Sale>(REWARD_PATHS.audit(saleId), 'POST', body),
    auditPhoto: (photoId: number, body: PhotoAuditBody) => http.json<PhotoUpload>(REWARD_PATHS.photoAudit(photoId), 'POST', body),
    /** irreversible (confirmed first) */
    deletePhoto: (photoId: number) => http.json<null>(REWARD_PATHS.photo(photoId), 'DELETE'),
    moveOrder: (orderId: number, body: OrderStatusBody) => http.json<RedeemOrder>(REWARD_PATHS.orderStatus(orderId), 'POST', body),
    addCodes: (rewardId: number, codes: string[]) => {
      const body: RedeemCodesBody = { codes };
      return http.json<{ added: number; available: number }>(REWARD_PATHS.codes(rewardId), 'POST', body);
    },
  }), [http]);
}
