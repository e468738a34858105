import { describe, expect, it } from 'vitest';
import { hasEmoji, stripEmojis } from './emoji.ts';

describe('stripEmojis (spec 1 §5.5, spec 3 §5 News)', () => {
  it('removes emoji pictographs and keeps the text around them', () => {
    expect(stripEmojis('Boas-vindas 😀 à loja 🎉!')).toBe('Boas-vindas  à loja !');
    expect(stripEmojis('🚀Lançamento')).toBe('Lançamento');
  });

  it('removes whole sequences: skin tones, zero-width joins, flags, keycaps and tags', () => {
    expect(stripEmojis('a👍🏽b')).toBe('ab');
    expect(stripEmojis('a👨‍👩‍👧b')).toBe('ab');
    expect(stripEmojis('a🏃‍♀️b')).toBe('ab');
    expect(stripEmojis('a🇧🇷b')).toBe('ab');
    expect(stripEmojis('passo 1️⃣ e #️⃣')).toBe('passo  e ');
    expect(stripEmojis('a🏴󠁧󠁢󠁳󠁣󠁴󠁿b')).toBe('ab');
  });

  it('removes text symbols asked for as emoji (U+FE0F) but keeps typography', () => {
    expect(stripEmojis('amo ❤️ isso')).toBe('amo  isso');
    expect(stripEmojis('© 2026 Loja® ™ ★ ♀ 10 × 3 → ok')).toBe('© 2026 Loja® ™ ★ ♀ 10 × 3 → ok');
    expect(stripEmojis('Preço: R$ 10,00 #1 *promo*')).toBe('Preço: R$ 10,00 #1 *promo*');
  });

  it('leaves accents, other scripts and HTML alone', () => {
    const html = '<p style="text-align:center">Ação, çedilha, 日本語, العربية</p><img src="/media/a.png">';
    expect(stripEmojis(html)).toBe(html);
    expect(stripEmojis('<p>Olá 👋</p>')).toBe('<p>Olá </p>');
  });

  it('passes empty values through and tells whether something would go', () => {
    expect(stripEmojis('')).toBe('');
    expect(stripEmojis(null)).toBeNull();
    expect(stripEmojis(undefined)).toBeUndefined();
    expect(hasEmoji('ok 😀')).toBe(true);
    expect(hasEmoji('ok ©')).toBe(false);
    expect(hasEmoji(null)).toBe(false);
  });
});
