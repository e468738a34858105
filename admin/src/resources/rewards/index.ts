import { lazy } from 'react';
import CampaignIcon from '@mui/icons-material/Campaign';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import RedeemIcon from '@mui/icons-material/Redeem';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';
// the declarations only: the index would also bring the screens (lists, editors) into the first load
import { referenceResources } from '../../common/referenceList/referenceResource.ts';

const R = ADMIN_RESOURCES;
/** One reference resource under its title slug (the common reference screens, loaded with the first opened). */
const reference = referenceResources(() => import('./ReferenceScreens.tsx'));

/**
 * spec 3 §2 "Reward campaigns" admin screens, each behind its spec 1 §6.2 key (ADMIN_RESOURCES):
 * campaigns (with their people), the sales audit, the catalog, redeem orders and the reference lists.
 */
export const rewardResources = {
  [R.reward_campaigns.name]: {
    list: guarded(R.reward_campaigns.title, lazy(() => import('./CampaignScreens.tsx'))),
    edit: guarded(R.reward_campaigns.title, lazy(async () => ({ default: (await import('./CampaignScreens.tsx')).CampaignEdit }))),
    create: guarded(R.reward_campaigns.title, lazy(async () => ({ default: (await import('./CampaignScreens.tsx')).CampaignCreate }))),
    icon: CampaignIcon,
    recordRepresentation: 'title',
  },
  [R.reward_sales.name]: { list: guarded(R.reward_sales.title, lazy(() => import('./SalesScreens.tsx'))), icon: FactCheckIcon, recordRepresentation: 'invoice_number' },
  [R.reward_photos.name]: { list: guarded(R.reward_photos.title, lazy(() => import('./PhotoScreens.tsx'))), icon: PhotoLibraryIcon, recordRepresentation: 'id' },
  [R.reward_catalog.name]: {
    list: guarded(R.reward_catalog.title, lazy(() => import('./CatalogScreens.tsx'))),
    edit: guarded(R.reward_catalog.title, lazy(async () => ({ default: (await import('./CatalogScreens.tsx')).CatalogEdit }))),
    create: guarded(R.reward_catalog.title, lazy(async () => ({ default: (await import('./CatalogScreens.tsx')).CatalogCreate }))),
    icon: RedeemIcon,
    recordRepresentation: 'reward_title',
  },
  [R.reward_orders.name]: {
    list: guarded(R.reward_orders.title, lazy(() => import('./OrderScreens.tsx'))),
    edit: guarded(R.reward_orders.title, lazy(async () => ({ default: (await import('./OrderScreens.tsx')).OrderShow }))),
    icon: LocalShippingIcon,
    recordRepresentation: 'order_number',
  },
  [R.reward_categories.name]: reference(R.reward_categories.title, 'name'),
  [R.reward_departments.name]: reference(R.reward_departments.title, 'name'),
  [R.reward_brands.name]: reference(R.reward_brands.title, 'name'),
  [R.reward_sale_products.name]: reference(R.reward_sale_products.title, 'product'),
  [R.reward_sale_product_types.name]: reference(R.reward_sale_product_types.title, 'name'),
  [R.reward_upload_file_types.name]: reference(R.reward_upload_file_types.title, 'name'),
  [R.reward_levels.name]: reference(R.reward_levels.title, 'name'),
  [R.reward_justifications.name]: reference(R.reward_justifications.title, 'text'),
  [R.reward_types.name]: reference(R.reward_types.title, 'name'),
};
