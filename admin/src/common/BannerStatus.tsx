import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { BANNER_STATUS } from '@lp/shared/rules';

/** The status choices of banners and welcome banners (spec 3 §3: active or inactive). */
export const bannerStatusChoices = [
  { id: BANNER_STATUS.active, name: 'resources.banners.status.active' },
  { id: BANNER_STATUS.inactive, name: 'resources.banners.status.inactive' },
];

/** Active (green) or inactive. */
export function BannerStatusChip({ status }: { status: number | undefined }) {
  const translate = useTranslate();
  const active = status === 1;
  return <Chip size="small" color={active ? 'success' : 'default'} label={translate(`resources.banners.status.${active ? 'active' : 'inactive'}`)} />;
}
