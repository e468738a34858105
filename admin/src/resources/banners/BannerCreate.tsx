import { Create } from 'react-admin';
import { BannerForm } from './BannerForm.tsx';
import { NEW_BANNER, bannerPayload } from './bannerPayload.ts';

export function BannerCreate() {
  return (
    <Create redirect="list" record={NEW_BANNER} transform={(data: Record<string, unknown>) => bannerPayload(data)}>
      <BannerForm />
    </Create>
  );
}

export default BannerCreate;
