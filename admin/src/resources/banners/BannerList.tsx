import { Box } from '@mui/material';
import { FunctionField, NumberField, SearchInput, SelectInput, TextField, useTranslate } from 'react-admin';
import type { Banner } from '@lp/shared/contract';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { ResourceList } from '../../common/ResourceList.tsx';
import { BannerStatusChip, bannerStatusChoices } from '../../common/BannerStatus.tsx';
import { bannerTypeChoices } from './BannerForm.tsx';

const F = 'resources.banners.fields';

/** spec 1 §2.3: search and filters kept per list. */
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="banner_type" source="banner_type" label={`${F}.banner_type`} choices={bannerTypeChoices} alwaysOn />,
  <SelectInput key="status" source="status" label={`${F}.status`} choices={bannerStatusChoices} alwaysOn />,
];

/** spec 3 §2 /admin/banners: the banners with their place, dates and status. */
export function BannerList() {
  const translate = useTranslate();
  return (
    <ResourceList filters={filters} sortField="created_at" omit={['order']}>
      <TextField source="id" label={`${F}.id`} />
      <FunctionField<Banner>
        source="desktop_image"
        label={`${F}.desktop_image`}
        sortable={false}
        render={(banner) => <Box component="img" src={banner.desktop_image} alt="" sx={{ height: 32, maxWidth: 128, objectFit: 'cover', borderRadius: 0.5 }} />}
      />
      <TextField source="title" label={`${F}.title`} />
      <FunctionField<Banner> source="banner_type" label={`${F}.banner_type`} render={(banner) => translate(`resources.banners.types.${banner.banner_type}`)} />
      <NumberField source="order" label={`${F}.order`} />
      <CreatedAtField source="start_date" label={`${F}.start_date`} />
      <CreatedAtField source="end_date" label={`${F}.end_date`} />
      <FunctionField<Banner> source="status" label={`${F}.status`} render={(banner) => <BannerStatusChip status={banner.status} />} />
    </ResourceList>
  );
}

export default BannerList;
