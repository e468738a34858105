import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, testDataProvider, useGetList, useLocaleState, type DataProvider, type Store } from 'react-admin';
import { readSession, updateSession } from '@lp/shared/client';
import { languageIdForLocale } from '@lp/shared/rules';
import { SavedLanguage } from './SavedLanguage.tsx';
import { authFor, i18n, sessionUser } from '../test/fixtures.ts';
import { fakeHttp } from '../test/fakeHttp.ts';
import { ContractHttpProvider } from '../common/http/index.ts';

function Screen() {
  const [locale, setLocale] = useLocaleState();
  const { data } = useGetList('tags');
  return (
    <>
      <p>locale {locale}</p>
      <p>tags {data?.map((t) => t.name).join(',')}</p>
      <button type="button" onClick={() => setLocale('en')}>English</button>
    </>
  );
}

function setup(store: Store, tagsAnswer: () => string) {
  const { http, calls } = fakeHttp({
    'PATCH /users/profile/': (body) => ({ full_name: 'Igor', nick_name: null, email: 'i@demo.local', user_document: null, ...(body as object) }),
  });
  const getList = vi.fn(async () => ({ data: [{ id: 1, name: tagsAnswer() }], total: 1 })) as unknown as DataProvider['getList'] & ReturnType<typeof vi.fn>;
  render(
    <AdminContext i18nProvider={i18n()} store={store} authProvider={authFor(sessionUser())} dataProvider={testDataProvider({ getList })}>
      <ContractHttpProvider value={http}>
        <SavedLanguage />
        <Screen />
      </ContractHttpProvider>
    </AdminContext>,
  );
  return { calls, getList };
}

describe('SavedLanguage (spec 1 §4.4: the panel speaks the person\'s saved language)', () => {
  beforeEach(() => localStorage.clear());

  it('saves a language chosen in the panel on the person, then loads the lists again in it', async () => {
    updateSession(localStorage, { signed_in: true, user: sessionUser({ id_user_language_selected: 1 }), locale: 'pt-br' });
    let name = 'Produto';
    const { calls, getList } = setup(memoryStore({ locale: 'pt-br' }), () => name);
    await screen.findByText('tags Produto');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    name = 'Product';
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByText('tags Product');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/users/profile/', body: { id_user_language_selected: languageIdForLocale('en') } },
    ]);
    expect(readSession(localStorage).user?.id_user_language_selected).toBe(languageIdForLocale('en'));
    expect(getList.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('just after login shows the saved language the login stored, without saving anything', async () => {
    updateSession(localStorage, { signed_in: true, user: sessionUser({ id_user_language_selected: languageIdForLocale('es') }), locale: 'es' });
    const { calls } = setup(memoryStore({ locale: 'pt-br' }), () => 'Producto');
    await screen.findByText('locale es');
    await screen.findByText('tags Producto');
    expect(calls).toEqual([]);
  });
});
