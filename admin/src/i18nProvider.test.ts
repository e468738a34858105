import { describe, expect, it } from 'vitest';
import english from 'ra-language-english';
import raPtBr from '../../locales/ra/pt-br.json';
import raEs from '../../locales/ra/es.json';
import ptBr from '../../locales/pt-br.json';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fr from '../../locales/fr.json';
import { NOT_ADMIN_TEXTS, createI18nProvider, ptBrMessages } from './i18nProvider.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)).sort();
}

describe('the pt-br texts bundled with the admin', () => {
  it('hold every top-level part of locales/pt-br.json but the portal\'s and the server\'s', () => {
    const expected = Object.keys(ptBr).filter((part) => !(NOT_ADMIN_TEXTS as readonly string[]).includes(part));
    expect(Object.keys(ptBrMessages).filter((part) => part !== 'ra').sort()).toEqual(expected.sort());
  });
});

describe('react-admin messages we translated', () => {
  it('cover every key of ra-language-english', () => {
    expect(keys(raPtBr)).toEqual(keys(english));
    expect(keys(raEs)).toEqual(keys(english));
  });
});

describe('admin keys of locales/*.json', () => {
  it('exist in all four languages', () => {
    const pick = (m: Record<string, unknown>) => keys({ admin: m.admin, resources: m.resources });
    expect(pick(en)).toEqual(pick(ptBr));
    expect(pick(es)).toEqual(pick(ptBr));
    expect(pick(fr)).toEqual(pick(ptBr));
  });
});

describe('i18nProvider', () => {
  it('starts in pt-br and loads the others on demand, remembering the choice in the session', async () => {
    const provider = createI18nProvider(localStorage);
    expect(provider.getLocale()).toBe('pt-br');
    expect(provider.translate('ra.action.save')).toBe('Salvar');
    await provider.changeLocale('es');
    expect(provider.translate('ra.action.save')).toBe('Guardar');
    expect(provider.translate('admin.pagination.showing', { from: 1, to: 5, total: 9, smart_count: 9 })).toBe('Mostrando 1 a 5 de 9 registros');
    expect(provider.translate('admin.pagination.showing', { from: 1, to: 1, total: 1, smart_count: 1 })).toBe('Mostrando 1 a 1 de 1 registro');
    await provider.changeLocale('fr');
    expect(provider.translate('errors.permission_denied')).not.toBe('errors.permission_denied');
  });
});
