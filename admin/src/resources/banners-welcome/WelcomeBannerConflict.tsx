import { useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { BANNER_STATUS, formatDate, isApiDate, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import type { WelcomeBanner, WelcomeBannerConflictAnswer } from '@lp/shared/contract';
import { useWelcomeBannerConflict } from './useWelcomeBannerConflict.ts';

const FIELDS = ['start_date', 'end_date', 'areas', 'profiles', 'user_groups', 'status'] as const;
export const CONFLICT_CHECK_DELAY_MS = 400;

type Conflict = NonNullable<WelcomeBannerConflictAnswer['conflict']>;

/**
 * spec 3 §7 "A welcome-banner conflict check exists": while the period or the audience of an
 * active banner changes, the server is asked whether another active banner holds that audience
 * then, and the answer shows before saving (the save is refused the same way, §5).
 */
export function WelcomeBannerConflict() {
  const translate = useTranslate();
  const checkConflict = useWelcomeBannerConflict();
  const record = useRecordContext<WelcomeBanner>();
  const [locale] = useLocaleState();
  const values = useWatch({ name: [...FIELDS] }) as unknown[];
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const key = JSON.stringify(values);

  useEffect(() => {
    const [start, end, areas, profiles, groups, status] = JSON.parse(key) as [string, string | null, number[], number[], number[], number];
    if (!isApiDate(start) || Number(status) !== BANNER_STATUS.active) {
      setConflict(null);
      return undefined;
    }
    let live = true;
    const timer = setTimeout(() => {
      checkConflict({
        id: record?.id ?? null, start_date: start, end_date: isApiDate(end) ? end : null, areas: areas ?? [], profiles: profiles ?? [], user_groups: groups ?? [],
      }).then(
        (answer) => live && setConflict(answer.conflict),
        (error: unknown) => {
          // the check only warns; the save answers for real
          console.error('welcome banner conflict check failed', error);
          if (live) setConflict(null);
        },
      );
    }, CONFLICT_CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, checkConflict, record?.id]);

  if (!conflict) return null;
  const languageId = languageIdForLocale(locale as LocaleCode);
  return (
    <Alert severity="warning" sx={{ my: 1, width: '100%' }}>
      {translate(`errors.${conflict.code}`)}{' '}
      {translate('resources.banners-welcome.conflict_with', {
        title: conflict.title,
        start: formatDate(conflict.start_date, languageId),
        end: conflict.end_date ? formatDate(conflict.end_date, languageId) : translate('resources.banners-welcome.no_end'),
      })}
    </Alert>
  );
}
