import { useEffect, useId, useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { LANGUAGES, localeForLanguageId } from '@lp/shared/rules';
import type { ProfileBasicData, ProfileUpdate } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { PROFILE_KEY, useProfile } from '../../hooks/use-profile.ts';
import { SESSION_USER_KEY } from '../../hooks/use-session-user.ts';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import { Field, focusFirstEmpty } from '../../components/field/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { ChangePasswordForm } from '../../components/change-password-form/index.tsx';
import { AccountClosure } from '../../components/account-closure/index.tsx';
import { ProfileTabs } from '../../components/profile-tabs/index.tsx';
import { ProfileImage } from '../../components/profile-image/index.tsx';
import { ProfileBadges } from '../../components/profile-badges/index.tsx';
import { PointsStatement } from '../../components/points-statement/index.tsx';

/** spec 1 §2.2 personal info and contact: texts the person edits (empty clears). */
const TEXTS = ['gender', 'birthday', 'mobile_country_code', 'mobile_area_code', 'mobile', 'commercial_phone', 'residential_phone', 'whatsapp'] as const;
type TextKey = (typeof TEXTS)[number];
type Draft = { full_name: string; nick_name: string; id_user_language_selected: number } & Record<TextKey, string>;
const digits = (value: string) => value.replace(/\D/g, '');

/** spec 1 §2.2: profile basic data and change password. */
export default function Profile() {
  const { t } = useI18n();
  const { data: profile, error } = useProfile();
  const { data: params } = useLoginParams();

  useEffect(() => {
    // #change-password (home shortcut) and #badges (a badge on the timeline)
    const target = window.location.hash.slice(1);
    if (target === 'change-password' || target === 'badges') document.getElementById(target)?.scrollIntoView();
  }, []);

  return (
    <div class="profile">
      <h1>{t('portal.profile.title')}</h1>
      <ProfileTabs />
      <section class="panel" aria-labelledby="basic-data-title">
        <h2 id="basic-data-title">{t('portal.profile.basic_data')}</h2>
        {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
        {!profile && !error && <p class="loading">{t('portal.loading')}</p>}
        {/* spec 1 §2.2 image: saved on its own, beside the form */}
        {profile && <ProfileImage profile={profile} />}
        {profile && <BasicDataForm profile={profile} />}
      </section>
      {/* spec 1 §2.2 earned points: what earned each point */}
      <section class="panel" aria-labelledby="points-title">
        <h2 id="points-title">{t('portal.profile.points')}</h2>
        <PointsStatement />
      </section>
      {/* spec 3 §1 badges earned, shown on the profile */}
      <ProfileBadges />
      <section class="panel" id="change-password">
        <ChangePasswordForm level={params?.register.password_strong_level ?? 'low'} username={profile?.email} />
      </section>
      <section class="panel" aria-labelledby="account-closure-title">
        <AccountClosure />
      </section>
    </div>
  );
}

function BasicDataForm({ profile }: { profile: ProfileBasicData }) {
  const { t, setLocale } = useI18n();
  const { mutate } = useSWRConfig();
  const languageId = useId();
  const [draft, setDraft] = useState<Draft>({
    full_name: profile.full_name,
    nick_name: profile.nick_name ?? '',
    id_user_language_selected: profile.id_user_language_selected,
    ...Object.fromEntries(TEXTS.map((key) => [key, profile[key] ?? ''])) as Record<TextKey, string>,
  });
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  // the header's language switch saves the language too: follow it rather than undo it on Save
  useEffect(() => {
    setDraft((current) => ({ ...current, id_user_language_selected: profile.id_user_language_selected }));
  }, [profile.id_user_language_selected]);
  const edit = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setSaved(false);
  };

  async function submit(event: Event) {
    event.preventDefault();
    setSaved(false);
    if (!draft.full_name.trim()) {
      setError(errorText(t, 'make_sure_that_all_fields_are_filled_in'));
      focusFirstEmpty(event.currentTarget);
      return;
    }
    const body: ProfileUpdate = {
      full_name: draft.full_name.trim(),
      nick_name: draft.nick_name.trim() || null,
      id_user_language_selected: draft.id_user_language_selected,
      ...Object.fromEntries(TEXTS.map((key) => [key, draft[key].trim() || null])),
    };
    setBusy(true);
    setError(null);
    try {
      const updated = await send<ProfileBasicData>(PROFILE_KEY, 'PATCH', body);
      await mutate(PROFILE_KEY, updated, { revalidate: false });
      await mutate(SESSION_USER_KEY);
      if (updated.id_user_language_selected !== profile.id_user_language_selected) {
        await setLocale(localeForLanguageId(updated.id_user_language_selected));
      }
      setSaved(true);
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="basic-data-title">
      {error && <Message kind="error">{error}</Message>}
      {saved && <Message kind="success">{t('portal.profile.saved')}</Message>}
      <Field label={t('portal.profile.full_name')} value={draft.full_name} onValue={(full_name) => edit({ full_name })}
        autoComplete="name" maxLength={150} required />
      <Field label={t('portal.profile.nick_name')} value={draft.nick_name} onValue={(nick_name) => edit({ nick_name })}
        autoComplete="nickname" maxLength={60} />
      <div class="field">
        <label for={languageId}>{t('portal.profile.language')}</label>
        <select id={languageId} value={String(draft.id_user_language_selected)}
          onChange={(event) => edit({ id_user_language_selected: Number(event.currentTarget.value) })}>
          {LANGUAGES.map((language) => <option key={language.id} value={String(language.id)}>{language.name}</option>)}
        </select>
      </div>
      <fieldset>
        <legend>{t('portal.profile.personal_info')}</legend>
        <Field label={t('portal.profile.gender')} value={draft.gender} onValue={(gender) => edit({ gender })} maxLength={40}
          hint={t('portal.profile.gender_hint')} />
        <Field label={t('portal.profile.birthday')} type="date" value={draft.birthday} onValue={(birthday) => edit({ birthday })} autoComplete="bday" />
      </fieldset>
      <fieldset>
        <legend>{t('portal.profile.contact')}</legend>
          <Field label={t('portal.profile.mobile_country_code')} type="tel" inputMode="numeric" maxLength={5} value={draft.mobile_country_code}
            onValue={(v) => edit({ mobile_country_code: digits(v) })} autoComplete="tel-country-code" />
          <Field label={t('portal.profile.mobile_area_code')} type="tel" inputMode="numeric" maxLength={5} value={draft.mobile_area_code}
            onValue={(v) => edit({ mobile_area_code: digits(v) })} autoComplete="tel-area-code" />
          <Field label={t('portal.profile.mobile')} type="tel" inputMode="numeric" maxLength={20} value={draft.mobile}
            onValue={(v) => edit({ mobile: digits(v) })} autoComplete="tel-local" />
        <Field label={t('portal.profile.commercial_phone')} type="tel" maxLength={30} value={draft.commercial_phone} onValue={(commercial_phone) => edit({ commercial_phone })} />
        <Field label={t('portal.profile.residential_phone')} type="tel" maxLength={30} value={draft.residential_phone} onValue={(residential_phone) => edit({ residential_phone })} />
        <Field label={t('portal.profile.whatsapp')} type="tel" maxLength={30} value={draft.whatsapp} onValue={(whatsapp) => edit({ whatsapp })} />
      </fieldset>
      <dl class="read-only">
        <dt>{t('portal.profile.email')}</dt>
        <dd>{profile.email}</dd>
        {profile.user_document && (
          <>
            <dt>{t('portal.profile.document')}</dt>
            <dd>{profile.user_document}</dd>
          </>
        )}
      </dl>
      <button type="submit" disabled={busy}>{t('portal.profile.save')}</button>
    </form>
  );
}
