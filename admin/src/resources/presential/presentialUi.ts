import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';

export const NAME = ADMIN_RESOURCES.presential_appointments.name;
/** translation prefix of the appointment screens */
export const K = `resources.${NAME}`;
export const F = `${K}.fields`;
/** the nested lists' parent name (no slash: resolveNested splits on it) */
export const PARENT = 'presential-appointments';

/** A plain table of a tab that scrolls inside its box on a phone. */
export const TABLE_SX = {
  display: 'block', overflowX: 'auto', width: '100%', borderCollapse: 'collapse', contain: 'inline-size',
  '& td, & th': { p: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'left' },
} as const;

/** The server's refusal code of a failed call, if it named one. */
export const refusalCode = (error: unknown): string | undefined => (error as { body?: { code?: string } } | null)?.body?.code;

/** Notifies a failed call with the server's translated key (spec 3 §8), or the generic HTTP error. */
export function useNotifyRefusal() {
  const notify = useNotify();
  return useCallback((error: unknown) => {
    const code = refusalCode(error);
    notify(code ? `errors.${code}` : 'ra.notification.http_error', { type: 'error' });
  }, [notify]);
}
