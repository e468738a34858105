import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { endingSessionOnRefusal } from './ContractHttpContext.tsx';
import type { ContractHttp } from './contractHttp.ts';

const refused = new HttpError('errors.not_authenticated', 401, {});

function failingHttp(error: unknown): ContractHttp {
  const fail = async () => { throw error; };
  return { fetch: fail, json: fail, form: fail, file: fail, adopt: fail };
}

describe('endingSessionOnRefusal', () => {
  it('hands every failed verb to the auth provider check, then rethrows it for the screen', async () => {
    const logoutIfAccessDenied = vi.fn(async () => true);
    const http = endingSessionOnRefusal(failingHttp(refused), logoutIfAccessDenied);
    await expect(http.json('/users/session/', 'GET')).rejects.toBe(refused);
    await expect(http.form('/x/', 'POST', {})).rejects.toBe(refused);
    await expect(http.file('/x/')).rejects.toBe(refused);
    expect(logoutIfAccessDenied).toHaveBeenCalledTimes(3);
    expect(logoutIfAccessDenied).toHaveBeenCalledWith(refused);
  });

  it('passes answers through untouched', async () => {
    const logoutIfAccessDenied = vi.fn(async () => false);
    const ok = { ...failingHttp(null), json: async <T,>() => ({ id: 1 }) as T };
    expect(await endingSessionOnRefusal(ok, logoutIfAccessDenied).json('/x/', 'GET')).toEqual({ id: 1 });
    expect(logoutIfAccessDenied).not.toHaveBeenCalled();
  });
});
