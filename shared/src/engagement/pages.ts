/**
 * Legal texts and wildcard pages (spec 1 §2.1 about/privacy/terms, §2.2 institutional/*, §2.3
 * terms, about, policy, cookies_policy and wild_cards / wild_card/{id}, §5.5 slug helper; spec 3
 * §3 "Wildcard page: slug").
 */
import { slugify } from '../slug.ts';
import { CONTENT_LANGUAGES, type ContentLanguage } from '../trainings/basicData.ts';

/** The four legal texts an administrator writes (spec 1 §2.3), one per client and content language. */
export const LEGAL_TEXT_KINDS = ['terms', 'about', 'policy', 'cookies_policy'] as const;
export type LegalTextKind = (typeof LEGAL_TEXT_KINDS)[number];
export const isLegalTextKind = (value: unknown): value is LegalTextKind => (LEGAL_TEXT_KINDS as readonly unknown[]).includes(value);

export const DEFAULT_CONTENT_LANGUAGE: ContentLanguage = 'pt-br';
export const isContentLanguage = (value: unknown): value is ContentLanguage => (CONTENT_LANGUAGES as readonly unknown[]).includes(value);

/** The portal's institutional pages (spec 1 §2.1 public, §2.2 institutional/*) and the texts each shows, in order. */
export const INSTITUTIONAL_PAGES = {
  about: ['about'],
  privacy: ['policy', 'cookies_policy'],
  terms: ['terms'],
} as const satisfies Record<string, readonly LegalTextKind[]>;
export type InstitutionalPage = keyof typeof INSTITUTIONAL_PAGES;

/** A legal text's size limit: long policies fit, a runaway paste does not. */
export const LEGAL_TEXT_MAX = 200_000;

/** An empty editor leaves markup without text: that is no text. */
export function hasText(html: string | null | undefined): boolean {
  if (!html) return false;
  if (/<img\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ').trim().length > 0;
}

/**
 * Which stored language answers a request: the one asked for, else Portuguese (the default
 * language, spec 1 §9), else the first language that has a text. Null when none has one.
 */
export function pickLanguage(available: readonly string[], wanted: string | null | undefined): ContentLanguage | null {
  const has = (code: string) => available.includes(code);
  if (wanted && isContentLanguage(wanted) && has(wanted)) return wanted;
  if (has(DEFAULT_CONTENT_LANGUAGE)) return DEFAULT_CONTENT_LANGUAGE;
  return CONTENT_LANGUAGES.find(has) ?? null;
}

export const WILDCARD_LIMITS = { titleMax: 256, slugMax: 256, contentMax: 200_000 } as const;
export const WILDCARD_STATUS = { published: 1, unpublished: 2 } as const;

export type WildcardSlugError = 'make_sure_that_all_fields_are_filled_in' | 'invalid_slug';

/**
 * The slug a wildcard page is saved with: the one typed (already a slug: lowercase ASCII words
 * and hyphens, as the §5.5 helper writes them), or the title's when none is typed.
 */
export function wildcardSlug(title: string, typed: string | null | undefined): string {
  const chosen = typed?.trim();
  return chosen ? chosen : slugify(title);
}

/** null when the slug is one the §5.5 helper could have written (a slug of itself) and fits. */
export function wildcardSlugError(slug: string): WildcardSlugError | null {
  if (slug === '') return 'make_sure_that_all_fields_are_filled_in';
  if (slug.length > WILDCARD_LIMITS.slugMax) return 'invalid_slug';
  return slugify(slug) === slug ? null : 'invalid_slug';
}
