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

/** Server-side texts (e-mails) in the user's language, from the same locales/ files as the apps. */
export function translate(languageId: number | null, key: string, vars: Record<string, string> = {}): string {
  const locale = localeForLanguageId(languageId);
  const text = lookup(load(LOCALES.includes(locale) ? locale : DEFAULT_LOCALE), key) ?? lookup(load(DEFAULT_LOCALE), key) ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? `{${name}}`);
}
