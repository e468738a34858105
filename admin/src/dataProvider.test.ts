import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { fakeApiDataProvider, type ApiCall } from './test/fakeApi.ts';
import { nestedResource } from './common/nested/nestedResources.ts';
import { groupMembersApi } from './common/groupMembers/useGroupMembers.ts';
import { lookupUsers } from './resources/user-groups/useUserLookup.ts';
import { userActionsApi } from './resources/users/userActions.ts';

type Call = ApiCall;

function setup(answer: (call: Call) => Response = () => new Response('[]', { status: 200, headers: { 'Content-Range': 'x 0-0/0' } })) {
  return fakeApiDataProvider(answer);
}

const decode = (url: string) => decodeURIComponent(url);

describe('dataProvider paths', () => {
  it('maps a resource to its API collection with a trailing slash', async () => {
    const { calls, dataProvider } = setup(
      () => new Response('[{"id":1,"name":"a"}]', { status: 200, headers: { 'Content-Range': 'tags 0-0/7' } }),
    );
    const result = await dataProvider.getList('tags', {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'comp' },
    });
    expect(result.total).toBe(7);
    expect(calls[0]?.url.startsWith('/api/admin_tags/tags/?')).toBe(true);
    expect(decode(calls[0]?.url ?? '')).toContain('range=[5,9]');
    expect(decode(calls[0]?.url ?? '')).toContain('filter={"q":"comp"}');
    expect(calls[0]?.auth).toBe('Bearer access-1');
  });

  it('maps items, updates and deletes of every resource', async () => {
    const { calls, dataProvider } = setup(() => new Response('{"id":3,"name":"x"}', { status: 200 }));
    await dataProvider.getOne('area_config', { id: 3 });
    await dataProvider.update('users-groups', { id: 3, data: { name: 'x' }, previousData: { id: 3 } });
    await dataProvider.create('profiles', { data: { name: 'x' } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/admin_users/areas/3/',
      'PUT /api/admin_users/user_groups/3/',
      'POST /api/admin_users/profiles/',
    ]);
  });

  it('deletes with an empty 204 answer and returns the previous record', async () => {
    const { calls, dataProvider } = setup(() => new Response(null, { status: 204 }));
    const result = await dataProvider.delete('tags', { id: 4, previousData: { id: 4, name: 'old' } });
    expect(result.data).toEqual({ id: 4, name: 'old' });
    await dataProvider.deleteMany('tags', { ids: [5, 6] });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/admin_tags/tags/4/',
      'DELETE /api/admin_tags/tags/5/',
      'DELETE /api/admin_tags/tags/6/',
    ]);
  });

  it('reads the members of a group as the nested resource users-groups/{id}/members', async () => {
    const { calls, dataProvider } = setup();
    await dataProvider.getList(nestedResource('users-groups', 7, 'members'), {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'full_name', order: 'ASC' },
      filter: { q: 'lia' },
    });
    expect(calls[0]?.url.startsWith('/api/admin_users/user_groups/7/members/?')).toBe(true);
    expect(decode(calls[0]?.url ?? '')).toContain('filter={"q":"lia"}');
  });

  it('adds and removes members through their own calls', async () => {
    const { calls, http } = setup(() => new Response('{}', { status: 200 }));
    await groupMembersApi(http).add(7, [1, 2]);
    await groupMembersApi(http).remove(7, [2]);
    expect(calls.map((c) => `${c.method} ${c.url} ${c.body}`)).toEqual([
      'POST /api/admin_users/user_groups/7/members/ {"user_ids":[1,2]}',
      'POST /api/admin_users/user_groups/7/members/remove/ {"user_ids":[2]}',
    ]);
  });

  it('searches users only from 3 characters', async () => {
    const { calls, http } = setup(() => new Response('[{"id":1,"full_name":"Ana","email":"a@x"}]', { status: 200 }));
    expect(await lookupUsers(http, 'an')).toEqual([]);
    expect(await lookupUsers(http, 'ana')).toHaveLength(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/lookups/users/?search=ana']);
  });

  it('serves the areas lookup as a read-only resource', async () => {
    const { calls, dataProvider } = setup(
      () => new Response('[{"id":1,"name":"Sales"},{"id":2,"name":"Marketing"}]', { status: 200 }),
    );
    const many = await dataProvider.getMany('lookup_areas', { ids: [2] });
    expect(many.data).toEqual([{ id: 2, name: 'Marketing' }]);
    const list = await dataProvider.getList('lookup_areas', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'sal' },
    });
    expect(list.data).toEqual([{ id: 1, name: 'Sales' }]);
    expect(calls[0]?.url).toBe('/api/lookups/areas/');
  });

  it('asks for the lookups of one form in one request, each list once', async () => {
    const { calls, dataProvider } = setup(
      () => new Response('{"areas":[{"id":1,"name":"Sales"}],"profiles":[{"id":4,"name":"Seller","email_domains":[]}]}', { status: 200 }),
    );
    const all = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const }, filter: {} };
    // the selects of one form mount together and ask in the same turn
    const [areas, profiles, again] = await Promise.all([
      dataProvider.getList('lookup_areas', all),
      dataProvider.getList('lookup_profiles', all),
      dataProvider.getMany('lookup_areas', { ids: [1] }),
    ]);
    expect(calls.map((c) => c.url)).toEqual(['/api/lookups/?names=areas,profiles']);
    expect(areas.data).toEqual([{ id: 1, name: 'Sales' }]);
    expect(profiles.data).toEqual([{ id: 4, name: 'Seller', email_domains: [] }]);
    expect(again.data).toEqual([{ id: 1, name: 'Sales' }]);
  });
});

describe('dataProvider errors', () => {
  it('turns {detail, code} into an HttpError whose message is errors.{code}', async () => {
    const { dataProvider } = setup(
      () => new Response(JSON.stringify({ detail: 'exists', code: 'name_not_unique' }), { status: 409 }),
    );
    const error = await dataProvider.create('tags', { data: { name: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('errors.name_not_unique');
    expect((error as HttpError).status).toBe(409);
  });

  it('passes field codes to the form as body.errors', async () => {
    const { dataProvider } = setup(
      () =>
        new Response(JSON.stringify({ detail: 'bad', code: 'validation_error', fields: { name: 'name_not_unique' } }), {
          status: 400,
        }),
    );
    const error = (await dataProvider.update('tags', { id: 1, data: {}, previousData: { id: 1 } }).catch((e: unknown) => e)) as HttpError;
    expect(error.message).toBe('errors.validation_error');
    expect((error.body as { errors: Record<string, string> }).errors).toEqual({ name: 'errors.name_not_unique' });
  });

  it('keeps a 403 as permission_denied and unknown answers generic', async () => {
    const { dataProvider } = setup((call) =>
      call.url.includes('areas')
        ? new Response(JSON.stringify({ detail: 'no', code: 'superuser_only' }), { status: 403 })
        : new Response('oops', { status: 500 }),
    );
    const denied = (await dataProvider.getOne('area_config', { id: 1 }).catch((e: unknown) => e)) as HttpError;
    expect(denied.message).toBe('errors.superuser_only');
    expect(denied.status).toBe(403);
    const broken = (await dataProvider.getOne('tags', { id: 1 }).catch((e: unknown) => e)) as HttpError;
    expect(broken.message).toBe('ra.notification.http_error');
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    let first = true;
    const { calls, dataProvider } = setup((call) => {
      if (call.url === '/api/o/token/') {
        return new Response(JSON.stringify({ access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'Bearer', expires_in: 3600, scope: '' }), { status: 200 });
      }
      if (first) {
        first = false;
        return new Response(JSON.stringify({ detail: 'expired', code: 'token_expired' }), { status: 401 });
      }
      return new Response('{"id":1}', { status: 200 });
    });
    await dataProvider.getOne('tags', { id: 1 });
    expect(calls.map((c) => `${c.url} ${c.auth ?? ''}`)).toEqual([
      '/api/admin_tags/tags/1/ Bearer access-1',
      '/api/o/token/ Basic d2ViOndlYi1zZWNyZXQ=',
      '/api/admin_tags/tags/1/ Bearer access-2',
    ]);
  });
});

describe('dataProvider users', () => {
  const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

  it('saves the user with the contract input only, then the permissions edited per client', async () => {
    const { dataProvider, calls } = setup((call) => ok(call.url.includes('permissions') ? {} : { id: 7, full_name: 'Lara' }));
    await dataProvider.update('users', {
      id: 7,
      data: {
        id: 7,
        full_name: 'Lara',
        email: 'lara@demo.local',
        client_ids: [1],
        status: 'active',
        date_joined: '2026-11-01',
        permissions_by_client: { '1': { users: true, login_as_user: false } },
      },
      previousData: { id: 7 },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT /api/admin_users/users/7/',
      'PUT /api/admin_users/users/7/permissions/',
    ]);
    expect(JSON.parse(calls[0]!.body!)).toEqual({ full_name: 'Lara', email: 'lara@demo.local', client_ids: [1], status: 'active' });
    expect(JSON.parse(calls[1]!.body!)).toEqual({
      client_id: 1,
      module_items: [
        { slug: 'users', permission: true },
        { slug: 'login_as_user', permission: false },
      ],
    });
  });

  it('calls the documented user actions', async () => {
    const { http, calls } = setup(() => ok({ id: 7 }));
    const actions = userActionsApi(http);
    await actions.changeStatus(7, 'unblock');
    await actions.resetPassword(7, 'email');
    await actions.decideDeletion(7, 'reject');
    await actions.permissions(7, 2);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/admin_users/users/7/unblock/',
      'POST /api/admin_users/users/7/reset_password/',
      'POST /api/admin_users/users/7/deletion/reject/',
      'GET /api/admin_users/users/7/permissions/?client_id=2',
    ]);
    expect(JSON.parse(calls[1]!.body!)).toEqual({ mode: 'email' });
  });

  it('puts a uniqueness code without fields on its field', async () => {
    const { dataProvider } = setup(
      () => new Response(JSON.stringify({ detail: 'exists', code: 'company_document_not_unique' }), { status: 409 }),
    );
    const error = (await dataProvider.create('organization-headquarters', { data: {} }).catch((e: unknown) => e)) as HttpError;
    expect((error.body as { errors: Record<string, string> }).errors).toEqual({
      company_document: 'errors.company_document_not_unique',
    });
  });
});

describe('contract paths as resources (editor tabs)', () => {
  it('lists and reads a nested collection named by its path', async () => {
    const { calls, dataProvider } = setup((call) => (call.url.includes('/3/')
      ? new Response('{"id":3,"title":"Intro"}', { status: 200 })
      : new Response('[{"id":3,"title":"Intro"}]', { status: 200, headers: { 'Content-Range': 'x 0-0/1' } })));
    const resource = '/admin_group_trainings/group_trainings/7/group_training_modules/';
    const list = await dataProvider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(list.total).toBe(1);
    expect(decode(calls[0]!.url)).toMatch(/^\/api\/admin_group_trainings\/group_trainings\/7\/group_training_modules\/\?/);
    await dataProvider.getOne(resource, { id: 3 });
    expect(calls[1]!.url).toBe('/api/admin_group_trainings/group_trainings/7/group_training_modules/3/');
  });

  it('maps a nested resource {parent}/{id}/{child} to its contract path, with the row id it names', async () => {
    const { calls, dataProvider } = setup((call) => (call.method === 'GET'
      ? new Response('[{"user":{"id":9,"full_name":"Lia","email":"l@x"},"awarded_at":"2026-11-20","manual":true}]', { status: 200 })
      : new Response(null, { status: 204 })));
    const resource = nestedResource('badges', 1, 'awards');
    const list = await dataProvider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(list).toMatchObject({ total: 1, data: [{ id: 9, manual: true }] });
    await dataProvider.delete(resource, { id: 9 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/admin_badges/badges/1/awards/',
      'DELETE /api/admin_badges/badges/1/awards/9/',
    ]);
  });

  it('maps a nested resource two levels deep to the contract path of its two parents', async () => {
    const { calls, dataProvider } = setup((call) => (call.method === 'GET'
      ? new Response('{"count":1,"results":[{"id":5,"title":"Q"}]}', { status: 200 })
      : new Response(null, { status: 204 })));
    const resource = nestedResource('trainings', 7, 'tests', 31, 'questions');
    const list = await dataProvider.getList(resource, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(list).toMatchObject({ total: 1, data: [{ id: 5, title: 'Q' }] });
    await dataProvider.delete(resource, { id: 5 });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/admin_group_trainings/group_trainings/7/group_training_tests/31/group_training_test_questions/?page_size=0',
      'DELETE /api/admin_group_trainings/group_trainings/7/group_training_tests/31/group_training_test_questions/5/',
    ]);
  });

  it('sends the spec form bodies as multipart, leaving out empty fields', async () => {
    const { calls, http } = fakeApiDataProvider(() => new Response('{"id":9}', { status: 201 }));
    const answer = await http.form<{ id: number }>('/x/', 'POST', { title: 'T', status: 2, randomize_questions: true, avaliable_in: null, qty_total_questions: undefined });
    expect(answer).toEqual({ id: 9 });
    const form = calls[0]!.rawBody as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.entries()]).toEqual([['title', 'T'], ['status', '2'], ['randomize_questions', 'true']]);
  });
});
