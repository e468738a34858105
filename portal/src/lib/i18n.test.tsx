import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTranslate, errorText, I18nProvider, interpolate, loadErrorTexts, loadMessages, loadNamespace, lookup, useI18n, type MessageTree } from './i18n.ts';
import { EAGER_ERRORS, LAZY_NAMESPACES } from './messageNamespaces.ts';

describe('i18n', () => {
  it('interpolates positional and named parameters, leaving unknown ones', () => {
    expect(interpolate('Showing {0} to {1} of {2}', [1, 5, 12])).toBe('Showing 1 to 5 of 12');
    expect(interpolate('Hello, {name}!', { name: 'Lia' })).toBe('Hello, Lia!');
    expect(interpolate('Hello, {name}!', {})).toBe('Hello, {name}!');
    expect(interpolate('no params')).toBe('no params');
  });

  it('picks the plural form of a numeric count for the interface language', async () => {
    const tree: MessageTree = { portal: { likes_one: '{count} curtida', likes_other: '{count} curtidas', plain: '{count} x' } };
    const pt = createTranslate(tree, tree, 'pt-br');
    expect(pt('portal.likes', { count: 1 })).toBe('1 curtida');
    expect(pt('portal.likes', { count: 2 })).toBe('2 curtidas');
    // Portuguese and French count 0 and 1 as one (CLDR)
    const fr = createTranslate({ portal: { replies_one: '{count} réponse', replies_other: '{count} réponses' } }, tree, 'fr');
    expect(fr('portal.replies', { count: 0 })).toBe('0 réponse');
    expect(fr('portal.replies', { count: 3 })).toBe('3 réponses');
    // a key without forms is used as it is; `count` as a string picks no form
    expect(pt('portal.plain', { count: 1 })).toBe('1 x');
    expect(pt('portal.likes', { count: '1' })).toBe('portal.likes');
    // the real texts, in all four languages
    for (const [locale, one, other] of [['pt-br', '1 curtida', '2 curtidas'], ['en', '1 like', '2 likes'], ['es', '1 me gusta', '2 me gusta'], ['fr', "1 j'aime", "2 j'aime"]] as const) {
      await loadNamespace('forum');
      const t = createTranslate(await loadMessages(locale), undefined, locale);
      expect([t('portal.forum.likes', { count: 1 }), t('portal.forum.likes', { count: 2 })]).toEqual([one, other]);
    }
    await Promise.all((['games', 'liveClasses'] as const).map((namespace) => loadNamespace(namespace)));
    const en = createTranslate(await loadMessages('en'), undefined, 'en');
    expect(en('portal.games.won_text', { count: 1 })).toBe('You finished with 1 error.');
    expect(en('portal.liveClasses.test_questions', { count: 1 })).toBe('1 question');
    expect(en('portal.webcasts.test_questions', { count: 3 })).toBe('3 questions');
    expect(en('portal.home.points_total', { total: '1', count: 1 })).toBe('Total: 1 point');
  });

  it('looks keys up by path', () => {
    expect(lookup({ a: { b: 'x' } }, 'a.b')).toBe('x');
    expect(lookup({ a: { b: 'x' } }, 'a')).toBeUndefined();
    expect(lookup({ a: 'x' }, 'a.b')).toBeUndefined();
  });

  it('falls back to pt-br, then to the key itself', () => {
    const t = createTranslate({ portal: { only_here: 'Here {0}' } }, { portal: { only_pt: 'Só em português' } });
    expect(t('portal.only_here', ['now'])).toBe('Here now');
    expect(t('portal.only_pt')).toBe('Só em português');
    expect(t('portal.missing')).toBe('portal.missing');
  });

  it('reads unknown error codes as unexpected_error', () => {
    const t = createTranslate({ errors: { unexpected_error: 'Oops', email_not_found: 'No such e-mail' } });
    expect(errorText(t, 'email_not_found')).toBe('No such e-mail');
    expect(errorText(t, 'made_up_code')).toBe('Oops');
  });

  it('loads the other languages on demand with the portal and errors namespaces only', async () => {
    const en = await loadMessages('en');
    expect(lookup(en, 'portal.login.username')).toBe('E-mail or document');
    expect(lookup(en, 'errors.invalid_username_or_password')).toBe('Invalid username or password');
    expect(Object.keys(en).sort()).toEqual(['errors', 'portal']);
    const fr = await loadMessages('fr');
    expect(lookup(fr, 'portal.login.password')).toBe('Mot de passe');
  });

  it('leaves the lazy namespaces out of the first load; they arrive with their page, in every language loaded', async () => {
    const eager = (await import('virtual:portal-messages/pt-br')).default;
    const games = (await import('virtual:portal-messages/pt-br/games')).default;
    for (const namespace of LAZY_NAMESPACES) expect((eager.portal as MessageTree)[namespace], namespace).toBeUndefined();
    expect(Object.keys(games.portal as MessageTree)).toEqual(['games']);
    expect(games.errors).toBeUndefined();
    // loaded (test/setup.ts does it as routes.tsx does for the page): pt-br now has them, and a
    // language loaded afterwards gets them with it
    await loadNamespace('games');
    expect(lookup(await loadMessages('pt-br'), 'portal.games.lost_title')).toBeTruthy();
    const es = await loadMessages('es');
    expect(lookup(es, 'portal.games.lost_title')).not.toBe(lookup(await loadMessages('pt-br'), 'portal.games.lost_title'));
    expect(lookup(es, 'portal.games.lost_title')).toBeTruthy();
  });

  it('carries only the eager error texts in the first load; all of them arrive after it, in every language loaded', async () => {
    const eager = (await import('virtual:portal-messages/pt-br')).default;
    expect(Object.keys(eager.errors as MessageTree).sort()).toEqual([...EAGER_ERRORS].sort());
    const all = (await import('virtual:portal-messages/pt-br/errors')).default;
    expect(Object.keys(all)).toEqual(['errors']);
    expect(Object.keys(all.errors as MessageTree).length).toBeGreaterThan(200);
    // the setup loaded them as main.tsx does after the first paint
    await loadErrorTexts();
    expect(lookup(await loadMessages('pt-br'), 'errors.email_not_found')).toBe(lookup(all, 'errors.email_not_found'));
    expect(lookup(await loadMessages('fr'), 'errors.email_not_found')).toBeTruthy();
    expect(lookup(await loadMessages('fr'), 'errors.email_not_found')).not.toBe(lookup(all, 'errors.email_not_found'));
  });

  it('switches language through the provider and reports the choice', async () => {
    const chosen: string[] = [];
    function Probe() {
      const { t, locale, setLocale } = useI18n();
      return (
        <>
          <p>{t('portal.home.greeting', { name: 'Lia' })}</p>
          <button onClick={() => void setLocale('es')}>{locale}</button>
        </>
      );
    }
    render(<I18nProvider onLocaleChange={(l) => chosen.push(l)}><Probe /></I18nProvider>);
    expect(screen.getByText('Olá, Lia!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'pt-br' }));
    expect(await screen.findByText('¡Hola, Lia!')).toBeInTheDocument();
    expect(chosen).toEqual(['es']);
    expect(document.documentElement.lang).toBe('es');
  });
});
