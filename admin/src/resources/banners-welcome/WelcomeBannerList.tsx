import { BooleanField, FunctionField, NumberField, SearchInput, SelectInput, TextField, useTranslate } from 'react-admin';
import type { WelcomeBanner } from '@lp/shared/contract';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { ResourceList } from '../../common/ResourceList.tsx';
import { BannerStatusChip, bannerStatusChoices } from '../../common/BannerStatus.tsx';
import { welcomeTypeChoices } from './WelcomeBannerForm.tsx';

const F = 'resources.banners-welcome.fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label={`${F}.status`} choices={bannerStatusChoices} alwaysOn />,
  <SelectInput key="type" source="welcome_banner_type" label={`${F}.welcome_banner_type`} choices={welcomeTypeChoices} />,
];

/** spec 3 §2 /admin/banners-welcome: the welcome banners with their period, options and confirmations. */
export function WelcomeBannerList() {
  const translate = useTranslate();
  return (
    <ResourceList filters={filters} sortField="start_date" omit={['welcome_banner_type']}>
      <TextField source="id" label={`${F}.id`} />
      <TextField source="title" label={`${F}.title`} />
      <FunctionField<WelcomeBanner>
        source="welcome_banner_type"
        label={`${F}.welcome_banner_type`}
        render={(banner) => translate(`resources.banners-welcome.types.${banner.welcome_banner_type}`)}
      />
      <CreatedAtField source="start_date" label={`${F}.start_date`} />
      <CreatedAtField source="end_date" label={`${F}.end_date`} />
      <BooleanField source="just_confirm" label={`${F}.just_confirm`} />
      <BooleanField source="user_logout" label={`${F}.user_logout`} />
      <NumberField source="confirmations" label={`${F}.confirmations`} sortable={false} />
      <FunctionField<WelcomeBanner> source="status" label={`${F}.status`} render={(banner) => <BannerStatusChip status={banner.status} />} />
    </ResourceList>
  );
}

export default WelcomeBannerList;
