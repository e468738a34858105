import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, localeForLanguageId, type LocaleCode } from '@lp/shared/rules';

type Messages = Record<string, unknown>;
const root = path.resolve(import.meta.dirname, '../../../locales');
const cache = new Map<LocaleCode, Messages>();

function load(locale: LocaleCode): Messages {
  let messages = cache.get(locale);
  if (!messages) {
    messages = JSON.parse(fs.readFileSync(path.join(root, `${locale}.json`), 'utf8')) as Messages;
    cache.set(locale, messages);
  }
  return messages;
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<LocaleCode, Intl.PluralRules>();
function pluralForm(locale: LocaleCode, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, rules = new Intl.PluralRules(locale === 'pt-br' ? 'pt-BR' : locale));
  return rules.select(count);
}

export type TextVars = Readonly<Record<string, string | number>>;

/**
 * Server-side texts (e-mails, PDFs, import logs) in the user's language, from the same locales/
 * files as the apps. A numeric `count` picks the plural form as the portal does (issue #25 item 4):
 * `{key}_one`, `{key}_other` (or any other form the language's Intl.PluralRules names), falling back
 * to `{key}_other`, then `{key}`. A text with several counts is composed of such texts.
 */
export function translate(languageId: number | null, key: string, vars: TextVars = {}): string {
  const wanted = localeForLanguageId(languageId);
  const locale = LOCALES.includes(wanted) ? wanted : DEFAULT_LOCALE;
  const find = (k: string) => lookup(load(locale), k) ?? lookup(load(DEFAULT_LOCALE), k);
  const count = vars.count;
  const plural = typeof count === 'number' ? find(`${key}_${pluralForm(locale, count)}`) ?? find(`${key}_other`) : undefined;
  const text = plural ?? find(key) ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => (vars[name] === undefined ? `{${name}}` : String(vars[name])));
}
