import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocaleState } from 'react-admin';
import { readSession, updateSession } from '@lp/shared/client';
import { LOCALES, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { useSessionApi } from './sessionApi.ts';

const isLocale = (value: string | null | undefined): value is LocaleCode => !!value && (LOCALES as readonly string[]).includes(value);

/**
 * The panel speaks the person's saved language, as the portal does (spec 1 §4.4: after login the
 * saved language applies; login stores it as the session's choice). Choosing another one in the app
 * bar saves it on the person, so what the server writes in their language — lookup names, import
 * logs, reports, e-mails — follows the panel; the loaded lists then load again in it.
 */
export function SavedLanguage({ storage = window.localStorage }: { storage?: Storage }) {
  const [locale, setLocale] = useLocaleState();
  const api = useSessionApi();
  const queryClient = useQueryClient();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const chosen = readSession(storage).locale;
    // just after login the session holds the saved language; the store still the one picked before
    if (previous.current === null) {
      previous.current = isLocale(chosen) ? chosen : locale;
      if (isLocale(chosen) && chosen !== locale) setLocale(chosen);
      return;
    }
    if (previous.current === locale) return;
    previous.current = locale;
    const { signed_in: signedIn, user } = readSession(storage);
    if (!signedIn || !user || !isLocale(locale)) return;
    const id = languageIdForLocale(locale);
    if (user.id_user_language_selected === id) return;
    let live = true;
    api.saveLanguage(id).then(async () => {
      const current = readSession(storage).user;
      if (current) updateSession(storage, { user: { ...current, id_user_language_selected: id } });
      if (live) await queryClient.invalidateQueries();
    }).catch(() => {
      // the panel is switched already; saving it on the person is tried again on the next switch
    });
    return () => { live = false; };
  }, [locale, setLocale, api, queryClient, storage]);
  return null;
}
