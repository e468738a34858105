/**
 * Shared users across clients (docs/security.md "Shared users"): one person, one login, linked
 * to several clients. What changes the account itself — its password, e-mail, document (a login
 * name too), status, client links, a "log in as" — reaches every client it belongs to, so an
 * administrator may do it only holding the needed module item in EVERY one of those clients
 * (a superuser always). The fields of the selected client (profile, areas, groups …) stay under
 * the usual per-client check. The server enforces this; the admin hides the buttons with it.
 */
import { hasPermission, type AccessSubject } from './permissions.ts';
import { unmaskDocument } from './document.ts';

/** Each account-wide action and the module item (spec 1 §6.2) its route already requires. */
export const ACCOUNT_ACTION_ITEMS = {
  login_as: 'login_as_user',
  set_password: 'users',
  change_email: 'users',
  change_document: 'users',
  change_status: 'users',
  change_clients: 'users',
  reset_password: 'users_manage',
  block: 'users_manage',
  unblock: 'users_manage',
  approve: 'users_manage',
  deletion: 'users_delete_manage',
} as const;

export type AccountAction = keyof typeof ACCOUNT_ACTION_ITEMS;

/** Whether `subject` may take `action` on a user linked to `userClientIds` (every link counts). */
export function mayActOnAccount(subject: AccessSubject, userClientIds: readonly number[], action: AccountAction): boolean {
  if (subject.is_superuser) return true;
  const slug = ACCOUNT_ACTION_ITEMS[action];
  return userClientIds.every((clientId) => hasPermission({ ...subject, id_user_client_selected: clientId }, slug));
}

export interface AccountState {
  email: string;
  document: string | null;
  status: string;
  client_ids: readonly number[];
}

export interface AccountEdit {
  email: string;
  document?: string | null;
  status?: string;
  client_ids: readonly number[];
  password?: string;
}

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
};

/** The account-wide actions a user-form save makes (an omitted status or password changes nothing). */
export function accountChanges(current: AccountState, edit: AccountEdit): AccountAction[] {
  const changes: AccountAction[] = [];
  if (edit.password) changes.push('set_password');
  if (edit.email.trim().toLowerCase() !== current.email.trim().toLowerCase()) changes.push('change_email');
  // like the form's other personal fields, an omitted document is cleared
  if ((edit.document ? unmaskDocument(edit.document) || null : null) !== (current.document || null)) changes.push('change_document');
  if (edit.status !== undefined && edit.status !== current.status) changes.push('change_status');
  if (!sameSet(edit.client_ids, current.client_ids)) changes.push('change_clients');
  return changes;
}
