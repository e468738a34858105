import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CodeOption, LOOKUP_LIST_PATHS, NamedOption } from '@lp/shared/contract';
import { CODE_LISTS, LANGUAGES, codeLabelKey, timezoneOptions, type CodeListName } from '@lp/shared/rules';
import { translate } from '../../lib/i18n.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { profileOptionsWithTranslations } from '../../repositories/lookups.ts';

const CodeOptions = { response: { 200: Type.Array(CodeOption) } };

/**
 * spec 1 §3.8 lookup lists genders, phone_types, user_types, company_types (fixed codes with
 * labels in the caller's language), timezones and register_profiles.
 */
const lists: FastifyPluginAsyncTypebox = async (app) => {
  for (const name of Object.keys(CODE_LISTS) as CodeListName[]) {
    app.get(LOOKUP_LIST_PATHS[name], { config: { access: 'authenticated' }, schema: CodeOptions }, async (request) => {
      const languageId = authOf(request).user.language_id;
      return CODE_LISTS[name].map((code) => ({ id: code, name: translate(languageId, codeLabelKey(name, code)) }));
    });
  }

  // spec 4 "Dates": every zone, sorted by UTC offset, labelled '(GMT±hh:mm) Zone' (offsets in force now)
  app.get(LOOKUP_LIST_PATHS.timezones, { config: { access: 'authenticated' }, schema: CodeOptions }, async () =>
    timezoneOptions().map((o) => ({ id: o.value, name: o.label })));

  app.get(LOOKUP_LIST_PATHS.register_profiles, { config: { access: 'authenticated' }, schema: { response: { 200: Type.Array(NamedOption) } } }, async (request) => {
    const code = LANGUAGES.find((l) => l.id === authOf(request).user.language_id)?.code ?? 'pt-br';
    const rows = await profileOptionsWithTranslations(app.db, clientOf(request));
    // spec 1 §3.7: a profile is a label with translations; the caller's language first, else its name
    return rows.map((r) => ({ id: r.id, name: r.translations[code]?.trim() || r.name }));
  });
};
export default lists;
