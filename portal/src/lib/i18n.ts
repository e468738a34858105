import { createContext, createElement, type ComponentChildren } from 'preact';
import { useCallback, useContext, useMemo, useState } from 'preact/hooks';
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '@lp/shared/rules';
// pt-br is the default language: bundled with the first load; the others come on demand
import ptBrModule from 'virtual:portal-messages/pt-br';
import type { LazyNamespace } from './messageNamespaces.ts';

export interface MessageTree {
  [key: string]: string | MessageTree;
}

/** `{0}`, `{1}` … take an array; `{name}` takes an object. */
export type Params = Readonly<Record<string, string | number>> | ReadonlyArray<string | number>;
export type Translate = (key: string, params?: Params) => string;

const loaders: Record<Exclude<LocaleCode, 'pt-br'>, () => Promise<{ default: MessageTree }>> = {
  en: () => import('virtual:portal-messages/en'),
  es: () => import('virtual:portal-messages/es'),
  fr: () => import('virtual:portal-messages/fr'),
};

/** pt-br's tree, a copy of the bundled module so lazy namespaces graft onto it and not onto the module */
const ptBr: MessageTree = { ...ptBrModule, portal: { ...(ptBrModule.portal as MessageTree | undefined) } };
const cache = new Map<LocaleCode, MessageTree>([['pt-br', ptBr]]);

type Loader = () => Promise<{ default: MessageTree }>;
/** The lazy namespaces (messageNamespaces.ts) of each language, imported by literal names so the bundler sees them. */
const namespaceLoaders: Record<LazyNamespace, Record<LocaleCode, Loader>> = {
  games: {
    'pt-br': () => import('virtual:portal-messages/pt-br/games'),
    en: () => import('virtual:portal-messages/en/games'),
    es: () => import('virtual:portal-messages/es/games'),
    fr: () => import('virtual:portal-messages/fr/games'),
  },
  presential: {
    'pt-br': () => import('virtual:portal-messages/pt-br/presential'),
    en: () => import('virtual:portal-messages/en/presential'),
    es: () => import('virtual:portal-messages/es/presential'),
    fr: () => import('virtual:portal-messages/fr/presential'),
  },
  liveClasses: {
    'pt-br': () => import('virtual:portal-messages/pt-br/liveClasses'),
    en: () => import('virtual:portal-messages/en/liveClasses'),
    es: () => import('virtual:portal-messages/es/liveClasses'),
    fr: () => import('virtual:portal-messages/fr/liveClasses'),
  },
  library: {
    'pt-br': () => import('virtual:portal-messages/pt-br/library'),
    en: () => import('virtual:portal-messages/en/library'),
    es: () => import('virtual:portal-messages/es/library'),
    fr: () => import('virtual:portal-messages/fr/library'),
  },
  podcasts: {
    'pt-br': () => import('virtual:portal-messages/pt-br/podcasts'),
    en: () => import('virtual:portal-messages/en/podcasts'),
    es: () => import('virtual:portal-messages/es/podcasts'),
    fr: () => import('virtual:portal-messages/fr/podcasts'),
  },
  forum: {
    'pt-br': () => import('virtual:portal-messages/pt-br/forum'),
    en: () => import('virtual:portal-messages/en/forum'),
    es: () => import('virtual:portal-messages/es/forum'),
    fr: () => import('virtual:portal-messages/fr/forum'),
  },
  offline: {
    'pt-br': () => import('virtual:portal-messages/pt-br/offline'),
    en: () => import('virtual:portal-messages/en/offline'),
    es: () => import('virtual:portal-messages/es/offline'),
    fr: () => import('virtual:portal-messages/fr/offline'),
  },
  surveys: {
    'pt-br': () => import('virtual:portal-messages/pt-br/surveys'),
    en: () => import('virtual:portal-messages/en/surveys'),
    es: () => import('virtual:portal-messages/es/surveys'),
    fr: () => import('virtual:portal-messages/fr/surveys'),
  },  feed: {
    'pt-br': () => import('virtual:portal-messages/pt-br/feed'),
    en: () => import('virtual:portal-messages/en/feed'),
    es: () => import('virtual:portal-messages/es/feed'),
    fr: () => import('virtual:portal-messages/fr/feed'),
  },
  badges: {
    'pt-br': () => import('virtual:portal-messages/pt-br/badges'),
    en: () => import('virtual:portal-messages/en/badges'),
    es: () => import('virtual:portal-messages/es/badges'),
    fr: () => import('virtual:portal-messages/fr/badges'),
  },
  webcasts: {
    'pt-br': () => import('virtual:portal-messages/pt-br/webcasts'),
    en: () => import('virtual:portal-messages/en/webcasts'),
    es: () => import('virtual:portal-messages/es/webcasts'),
    fr: () => import('virtual:portal-messages/fr/webcasts'),
  },
  access: {
    'pt-br': () => import('virtual:portal-messages/pt-br/access'),
    en: () => import('virtual:portal-messages/en/access'),
    es: () => import('virtual:portal-messages/es/access'),
    fr: () => import('virtual:portal-messages/fr/access'),
  },
  drills: {
    'pt-br': () => import('virtual:portal-messages/pt-br/drills'),
    en: () => import('virtual:portal-messages/en/drills'),
    es: () => import('virtual:portal-messages/es/drills'),
    fr: () => import('virtual:portal-messages/fr/drills'),
  },
  generalTests: {
    'pt-br': () => import('virtual:portal-messages/pt-br/generalTests'),
    en: () => import('virtual:portal-messages/en/generalTests'),
    es: () => import('virtual:portal-messages/es/generalTests'),
    fr: () => import('virtual:portal-messages/fr/generalTests'),
  },
  fieldSales: {
    'pt-br': () => import('virtual:portal-messages/pt-br/fieldSales'),
    en: () => import('virtual:portal-messages/en/fieldSales'),
    es: () => import('virtual:portal-messages/es/fieldSales'),
    fr: () => import('virtual:portal-messages/fr/fieldSales'),
  },
  rewards: {
    'pt-br': () => import('virtual:portal-messages/pt-br/rewards'),
    en: () => import('virtual:portal-messages/en/rewards'),
    es: () => import('virtual:portal-messages/es/rewards'),
    fr: () => import('virtual:portal-messages/fr/rewards'),
  },
  notices: {
    'pt-br': () => import('virtual:portal-messages/pt-br/notices'),
    en: () => import('virtual:portal-messages/en/notices'),
    es: () => import('virtual:portal-messages/es/notices'),
    fr: () => import('virtual:portal-messages/fr/notices'),
  },
  profileImage: {
    'pt-br': () => import('virtual:portal-messages/pt-br/profileImage'),
    en: () => import('virtual:portal-messages/en/profileImage'),
    es: () => import('virtual:portal-messages/es/profileImage'),
    fr: () => import('virtual:portal-messages/fr/profileImage'),
  },
};
/** Every API error text of a language (messageNamespaces.ts EAGER_ERRORS: the first load's few). */
const errorLoaders: Record<LocaleCode, Loader> = {
  'pt-br': () => import('virtual:portal-messages/pt-br/errors'),
  en: () => import('virtual:portal-messages/en/errors'),
  es: () => import('virtual:portal-messages/es/errors'),
  fr: () => import('virtual:portal-messages/fr/errors'),
};
type TextSet = LazyNamespace | 'errors';
const wantedNamespaces = new Set<TextSet>();
const loading = new Map<TextSet, Promise<void>>();

/** Grafts `portal.{namespace}` (or all of `errors`) of a namespace module into a language's loaded tree. */
async function addNamespace(locale: LocaleCode, tree: MessageTree, namespace: TextSet): Promise<void> {
  if (namespace === 'errors') {
    const part = (await errorLoaders[locale]()).default;
    tree.errors = { ...(part.errors as MessageTree | undefined), ...(tree.errors as MessageTree | undefined) };
    return;
  }
  const part = (await namespaceLoaders[namespace][locale]()).default;
  const portal = (tree.portal ??= {}) as MessageTree;
  const texts = (part.portal as MessageTree | undefined)?.[namespace];
  if (texts !== undefined) portal[namespace] = texts;
}

/**
 * Loads a lazy namespace into every language already loaded (pt-br, the fallback, always), and
 * into any language loaded later. A lazy page awaits it before it renders (routes.tsx).
 */
export async function loadNamespace(namespace: TextSet): Promise<void> {
  if (wantedNamespaces.has(namespace)) return loading.get(namespace);
  wantedNamespaces.add(namespace);
  const done = Promise.all([...cache].map(([locale, tree]) => addNamespace(locale, tree, namespace))).then(() => undefined);
  loading.set(namespace, done);
  // a failed load (offline) may be tried again by the next page
  done.catch(() => { wantedNamespaces.delete(namespace); loading.delete(namespace); });
  return done;
}

/** All API error texts (the first load has a few): after the first paint, and before any lazy page. */
export function loadErrorTexts(): Promise<void> {
  return loadNamespace('errors');
}

export function isLocale(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export async function loadMessages(locale: LocaleCode): Promise<MessageTree> {
  const known = cache.get(locale);
  if (known) return known;
  if (locale === 'pt-br') return ptBr;
  const messages = (await loaders[locale]()).default;
  await Promise.all([...wantedNamespaces].map((namespace) => addNamespace(locale, messages, namespace)));
  cache.set(locale, messages);
  return messages;
}

/** Messages already loaded (pt-br always is). */
export function loadedMessages(locale: LocaleCode): MessageTree | undefined {
  return cache.get(locale);
}

export function lookup(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  const values = params as Readonly<Record<string, string | number | undefined>>;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(locale: LocaleCode, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, rules = new Intl.PluralRules(locale === 'pt-br' ? 'pt-BR' : locale));
  return rules.select(count);
}

/**
 * Looks a key up in the chosen language, then in pt-br, and shows the key itself as a last resort.
 * A numeric `count` parameter picks the plural form: `{key}_one`, `{key}_other` (and any other
 * form the language's Intl.PluralRules names, e.g. `_many`), falling back to `_other`, then `{key}`.
 */
export function createTranslate(messages: MessageTree, fallback: MessageTree = ptBr, locale: LocaleCode = DEFAULT_LOCALE): Translate {
  const find = (key: string) => lookup(messages, key) ?? lookup(fallback, key);
  return (key, params) => {
    const count = params && !Array.isArray(params) ? (params as Readonly<Record<string, string | number>>).count : undefined;
    const plural = typeof count === 'number'
      ? find(`${key}_${pluralForm(locale, count)}`) ?? find(`${key}_other`)
      : undefined;
    return interpolate(plural ?? find(key) ?? key, params);
  };
}

export interface I18n {
  locale: LocaleCode;
  t: Translate;
  /** loads the language's messages (if needed) and switches to it */
  setLocale(locale: LocaleCode): Promise<void>;
}

const I18nContext = createContext<I18n>({
  locale: DEFAULT_LOCALE,
  t: createTranslate(ptBr),
  setLocale: async () => undefined,
});

export interface I18nProviderProps {
  /** its messages must already be loaded (see loadMessages) or it shows pt-br until switched */
  initialLocale?: LocaleCode;
  /** told of every switch, e.g. to keep it in the stored session */
  onLocaleChange?: (locale: LocaleCode) => void;
  children: ComponentChildren;
}

export function I18nProvider({ initialLocale = DEFAULT_LOCALE, onLocaleChange, children }: I18nProviderProps) {
  const start = loadedMessages(initialLocale) ? initialLocale : DEFAULT_LOCALE;
  const [state, setState] = useState<{ locale: LocaleCode; messages: MessageTree }>(() => ({
    locale: start,
    messages: loadedMessages(start) ?? ptBr,
  }));
  const setLocale = useCallback(async (locale: LocaleCode) => {
    const messages = await loadMessages(locale);
    setState({ locale, messages });
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
    onLocaleChange?.(locale);
  }, [onLocaleChange]);
  const value = useMemo<I18n>(
    () => ({ locale: state.locale, t: createTranslate(state.messages, ptBr, state.locale), setLocale }),
    [state, setLocale],
  );
  return createElement(I18nContext.Provider, { value }, children);
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}

/** The translated message of an API error code (`errors.{code}`); unknown codes read as unexpected_error. */
export function errorText(t: Translate, code: string): string {
  const key = `errors.${code}`;
  const text = t(key);
  return text === key ? t('errors.unexpected_error') : text;
}

/** A lazy page or component whose texts are a lazy namespace (lib/messageNamespaces.ts): both arrive before it renders. */
export async function withMessages<T>(namespace: LazyNamespace, module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, loadNamespace(namespace), loadErrorTexts()]);
  return loaded;
}
