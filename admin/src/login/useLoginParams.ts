import { useEffect, useState } from 'react';
import type { LoginParams } from '@lp/shared/contract';

export type LoginParamsState =
  | { status: 'loading' }
  | { status: 'ready'; params: LoginParams }
  | { status: 'error' };

// Module-level so the effect's dependency is stable: a default created per render refetched on every render.
const defaultFetcher: typeof fetch = (input, init) => fetch(input, init);

/** GET /api/login_params/ (public, spec 1 §3.3). */
export function useLoginParams(fetcher: typeof fetch = defaultFetcher): LoginParamsState {
  const [state, setState] = useState<LoginParamsState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    fetcher('/api/login_params/')
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const params = (await res.json()) as LoginParams;
        if (alive) setState({ status: 'ready', params });
      })
      .catch(() => {
        if (alive) setState({ status: 'error' });
      });
    return () => {
      alive = false;
    };
  }, [fetcher]);
  return state;
}
