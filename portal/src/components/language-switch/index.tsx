import { useId, useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { LANGUAGES, languageIdForLocale, localeForLanguageId } from '@lp/shared/rules';
import type { ProfileBasicData } from '@lp/shared/contract';
import { send } from '../../lib/api.ts';
import { isLocale, useI18n } from '../../lib/i18n.ts';
import { isSignedIn } from '../../lib/session.ts';
import { PROFILE_KEY } from '../../hooks/use-profile.ts';
import { SESSION_USER_KEY } from '../../hooks/use-session-user.ts';

/** Switches the interface language; when logged in the choice is also saved on the user. */
export function LanguageSwitch() {
  const { locale, t, setLocale } = useI18n();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function change(value: string) {
    if (!isLocale(value) || value === locale) return;
    setBusy(true);
    try {
      await setLocale(value);
      if (isSignedIn()) {
        const profile = await send<ProfileBasicData>(PROFILE_KEY, 'PATCH', { id_user_language_selected: languageIdForLocale(value) });
        await mutate(PROFILE_KEY, profile, { revalidate: false });
        await mutate(SESSION_USER_KEY);
      }
    } catch {
      // the language is already switched here; saving it on the user is retried on the next switch
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="language-switch">
      <label for={id}>{t('portal.language.label')}</label>
      <select id={id} value={locale} disabled={busy} onChange={(event) => void change(event.currentTarget.value)}>
        {LANGUAGES.map((language) => {
          const code = localeForLanguageId(language.id);
          return <option key={code} value={code} lang={code}>{language.name}</option>;
        })}
      </select>
    </div>
  );
}
