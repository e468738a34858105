import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { XLSX_MIME } from '@lp/shared/contract';
import { attachmentName } from '../../dataProvider.ts';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { fakeApiDataProvider, type ApiCall } from '../../test/fakeApi.ts';
import { notificationsApi } from '../../notifications/notificationsApi.ts';
import { importActionsApi } from './importActions.ts';

/** The real api client over a fake fetch: what reaches the network is what is asserted. */
const setup = (answer: (call: ApiCall) => Response) => fakeApiDataProvider(answer);

describe('imports calls', () => {
  it('reads the logs of one import from its nested path, filtering by log type', async () => {
    const { calls, dataProvider } = setup(
      () => new Response('[]', { status: 200, headers: { 'Content-Range': 'logs 0-0/0' } }),
    );
    await dataProvider.getList(nestedResource('admin-imports', 7, 'logs'), {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: { log_type: 'error' },
    });
    const url = decodeURIComponent(calls[0]!.url);
    expect(url.startsWith('/api/admin_imports/imports/7/logs/?')).toBe(true);
    expect(url).toContain('filter={"log_type":"error"}');
    expect(url).toContain('range=[0,4]');
  });

  it('"save and validate" posts {import_type, upload_id}; "process" posts to the process path', async () => {
    const { calls, dataProvider, http } = setup((call) =>
      call.url.endsWith('/process/')
        ? new Response(null, { status: 202 })
        : new Response(JSON.stringify({ id: 9, status: 'awaiting' }), { status: 201 }),
    );
    const created = await dataProvider.create('admin-imports', { data: { import_type: 'users', upload_id: 'abc' } });
    expect(created.data).toMatchObject({ id: 9, status: 'awaiting' });
    expect(calls[0]).toMatchObject({ url: '/api/admin_imports/imports/', method: 'POST', body: '{"import_type":"users","upload_id":"abc"}' });
    await importActionsApi(http).process(9);
    expect(calls[1]).toMatchObject({ url: '/api/admin_imports/imports/9/process/', method: 'POST', auth: 'Bearer access-1' });
  });

  it('keeps the API code of a refused sheet (spec 1 §8.4 test_validation_error)', async () => {
    const { dataProvider } = setup(
      () => new Response(JSON.stringify({ detail: 'x', code: 'test_validation_error' }), { status: 400 }),
    );
    const error = await dataProvider.create('admin-imports', { data: { import_type: 'users', upload_id: 'abc' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body).toMatchObject({ code: 'test_validation_error' });
  });

  it('downloads the template as a blob with the bearer token, refreshing once on a 401', async () => {
    let templateCalls = 0;
    const { calls, http } = setup((call) => {
      if (call.url === '/api/o/token/') {
        return new Response(JSON.stringify({ access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'Bearer', expires_in: 3600, scope: 'read write' }), { status: 200 });
      }
      if (templateCalls++ === 0) return new Response(JSON.stringify({ detail: 'expired', code: 'token_expired' }), { status: 401 });
      return new Response('PK', {
        status: 200,
        headers: { 'Content-Type': XLSX_MIME, 'Content-Disposition': 'attachment; filename="modelo-filiais.xlsx"' },
      });
    });
    const { blob, filename } = await importActionsApi(http).template('branches');
    expect(filename).toBe('modelo-filiais.xlsx');
    expect(await blob.text()).toBe('PK');
    expect(calls.map((c) => `${c.method} ${c.url} ${c.auth ?? ''}`)).toEqual([
      'GET /api/admin_imports/templates/branches/ Bearer access-1',
      expect.stringMatching(/^POST \/api\/o\/token\/ Basic /),
      'GET /api/admin_imports/templates/branches/ Bearer access-2',
    ]);
  });

  it('reads the file name of an attachment', () => {
    expect(attachmentName('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(attachmentName("attachment; filename*=UTF-8''usu%C3%A1rios.xlsx")).toBe('usuários.xlsx');
    expect(attachmentName(null)).toBeNull();
  });
});

describe('notifications calls', () => {
  it('lists the latest, marks one and all as read', async () => {
    const { calls, http } = setup((call) =>
      call.method === 'GET'
        ? new Response(JSON.stringify({ count: 0, unread: 0, results: [] }), { status: 200 })
        : new Response(JSON.stringify({ detail: 'read' }), { status: 200 }),
    );
    const notifications = notificationsApi(http);
    expect(await notifications.latest(10)).toEqual({ count: 0, unread: 0, results: [] });
    await notifications.markRead(3);
    await notifications.markAllRead();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/notifications/?page_size=10',
      'POST /api/notifications/3/read/',
      'POST /api/notifications/read_all/',
    ]);
  });
});
