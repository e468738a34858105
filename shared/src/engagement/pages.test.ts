import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { ConfigurationInput } from '../contract/configuration.ts';
import { hasText, pickLanguage, wildcardSlug, wildcardSlugError } from './pages.ts';

describe('legal texts (spec 1 §2.1, §2.3)', () => {
  it('answers the language asked for, else Portuguese, else the first one written', () => {
    expect(pickLanguage(['pt-br', 'en-us'], 'en-us')).toBe('en-us');
    expect(pickLanguage(['pt-br', 'en-us'], 'fr-fr')).toBe('pt-br');
    expect(pickLanguage(['es-es', 'fr-fr'], 'en-us')).toBe('es-es');
    expect(pickLanguage(['pt-br'], 'xx')).toBe('pt-br');
    expect(pickLanguage([], 'pt-br')).toBeNull();
  });

  it('takes an editor’s empty paragraph for no text', () => {
    expect(hasText('<p><br></p>')).toBe(false);
    expect(hasText('<p>&nbsp;</p>')).toBe(false);
    expect(hasText('<p>Olá</p>')).toBe(true);
    expect(hasText('<p><img src="/media/x.png"></p>')).toBe(true);
  });
});

describe('wildcard page slugs (spec 1 §5.5, §2.3 wild_cards)', () => {
  it('makes the slug from the title when none is typed', () => {
    expect(wildcardSlug('Política de Trocas 2026', '')).toBe('politica-de-trocas-2026');
    expect(wildcardSlug('Política de Trocas', null)).toBe('politica-de-trocas');
    expect(wildcardSlug('Política de Trocas', ' trocas ')).toBe('trocas');
  });

  it('accepts only what the slug helper could have written', () => {
    expect(wildcardSlugError('politica-de-trocas')).toBeNull();
    expect(wildcardSlugError('a_b-2')).toBeNull();
    expect(wildcardSlugError('')).toBe('make_sure_that_all_fields_are_filled_in');
    expect(wildcardSlugError('Trocas')).toBe('invalid_slug');
    expect(wildcardSlugError('trocas/2026')).toBe('invalid_slug');
    expect(wildcardSlugError('-trocas')).toBe('invalid_slug');
    expect(wildcardSlugError('a'.repeat(257))).toBe('invalid_slug');
  });
});

describe('configuration input (spec 1 §3.2–3.3)', () => {
  it('takes any part of the settings and login parameters, refusing unknown keys and bad shapes', () => {
    expect(Value.Check(ConfigurationInput, { settings: { has_forum: true, title_news: 'Notícias' } })).toBe(true);
    expect(Value.Check(ConfigurationInput, { login_params: { under_maintenance: true, colors: { primary: '#112233', secondary: '#aabbcc' } } })).toBe(true);
    expect(Value.Check(ConfigurationInput, { settings: { unknown_flag: true } })).toBe(false);
    expect(Value.Check(ConfigurationInput, { settings: { has_forum: 'yes' } })).toBe(false);
    expect(Value.Check(ConfigurationInput, { login_params: { font_color: 'red' } })).toBe(false);
    expect(Value.Check(ConfigurationInput, { login_params: { attempts: 3 } })).toBe(false);
    expect(Value.Check(ConfigurationInput, { home_route: 'admin' })).toBe(false);
  });
});
