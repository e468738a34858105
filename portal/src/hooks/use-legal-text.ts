import useSWR from 'swr';
import { LANGUAGES, languageIdForLocale, type LegalTextKind, type LocaleCode } from '@lp/shared/rules';
import { LEGAL_TEXT_PATHS, type PublicLegalText } from '@lp/shared/contract';
import { getSession } from '../lib/session.ts';

/** The content language of the interface's language (spec 1 §9: pt-br, en-us, es-es, fr-fr). */
export const contentLanguageOf = (locale: LocaleCode): string => LANGUAGES.find((l) => l.id === languageIdForLocale(locale))?.code ?? 'pt-br';

/**
 * GET /api/legal_texts/{kind}/ — public: a visitor reads the deployment's texts, a logged-in
 * learner those of their selected client.
 */
export function useLegalText(kind: LegalTextKind, locale: LocaleCode) {
  const clientId = getSession().user?.id_user_client_selected;
  const query = `?language=${contentLanguageOf(locale)}${clientId ? `&client_id=${clientId}` : ''}`;
  return useSWR<PublicLegalText>(`${LEGAL_TEXT_PATHS.public(kind)}${query}`);
}
