import { LANGUAGES } from '@lp/shared/rules';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A few rules, inline (the app CSP allows inline styles, no script): readable at 390 px and on a desktop. */
export const PORTFOLIO_STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1b1f23;background:#f4f6f8;line-height:1.5}
main{max-width:960px;margin:0 auto;padding:16px}header{display:flex;justify-content:space-between;align-items:center;gap:8px;flex-wrap:wrap}
.button,button{display:inline-block;background:#1f4e79;color:#fff;border:0;border-radius:6px;padding:10px 16px;text-decoration:none;font:inherit;cursor:pointer}
form[role=search]{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin:16px 0}input{font:inherit;padding:8px;border:1px solid #8a939c;border-radius:6px;min-width:0;flex:1}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px}
.cards a{display:flex;flex-direction:column;gap:4px;background:#fff;border-radius:8px;padding:12px;color:inherit;text-decoration:none;height:100%;box-sizing:border-box}
img{max-width:100%;border-radius:6px}.muted{color:#4b5560}a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}`;

/** The whole document: language, title, the style, the body in a main landmark. */
export function page(languageId: number, title: string, body: string): string {
  const lang = LANGUAGES.find((l) => l.id === languageId)?.code ?? 'pt-br';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${PORTFOLIO_STYLE}</style></head><body><main>${body}</main></body></html>`;
}
