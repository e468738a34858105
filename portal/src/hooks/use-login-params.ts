import useSWR from 'swr';
import type { LoginParams } from '@lp/shared/contract';

/** GET /api/login_params/ — public login configuration (spec 1 §3.3). */
export function useLoginParams() {
  return useSWR<LoginParams>('/login_params/', { revalidateOnFocus: false });
}
