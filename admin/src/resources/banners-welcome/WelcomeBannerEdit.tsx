import { Edit } from 'react-admin';
import { WelcomeBannerForm } from './WelcomeBannerForm.tsx';
import { welcomeBannerPayload } from './welcomeBannerPayload.ts';

export function WelcomeBannerEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={(data: Record<string, unknown>) => welcomeBannerPayload(data)}>
      <WelcomeBannerForm edit />
    </Edit>
  );
}

export default WelcomeBannerEdit;
