import { Create } from 'react-admin';
import { WelcomeBannerForm } from './WelcomeBannerForm.tsx';
import { NEW_WELCOME_BANNER, welcomeBannerPayload } from './welcomeBannerPayload.ts';

export function WelcomeBannerCreate() {
  return (
    <Create redirect="list" record={NEW_WELCOME_BANNER} transform={(data: Record<string, unknown>) => welcomeBannerPayload(data)}>
      <WelcomeBannerForm />
    </Create>
  );
}

export default WelcomeBannerCreate;
