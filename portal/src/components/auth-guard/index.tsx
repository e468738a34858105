import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { useLocation, useSearch } from 'wouter-preact';
import { isSignedIn, loseSession } from '../../lib/session.ts';

/** spec 1 §2.4: no access token → clear the session, remember the requested path, go to login. */
export function AuthGuard({ children }: { children: ComponentChildren }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const allowed = isSignedIn();

  useEffect(() => {
    if (allowed) return;
    loseSession(search ? `${location}?${search}` : location);
    navigate('/', { replace: true });
  }, [allowed, location, search, navigate]);

  return allowed ? <>{children}</> : null;
}
