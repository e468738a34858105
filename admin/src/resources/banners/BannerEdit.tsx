import { Edit } from 'react-admin';
import { BannerForm } from './BannerForm.tsx';
import { bannerPayload } from './bannerPayload.ts';

export function BannerEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={(data: Record<string, unknown>) => bannerPayload(data)}>
      <BannerForm edit />
    </Edit>
  );
}

export default BannerEdit;
