/**
 * jsdom computes a style by matching the element against every rule in the document, and MUI's
 * emotion leaves thousands of rules there: half of the admin suites' time went to it (MUI's
 * TextareaAutosize measuring itself, accessible-name and pointer-events checks). jsdom applies
 * no layout, so the cascade only ever answered display and visibility questions; this answers
 * them from the element's inline style and `hidden` attribute, which is how MUI hides what it
 * keeps mounted (Collapse, Fade, Popper and Modal set inline styles), and falls back to jsdom's
 * full computation for pseudo-elements.
 */
export function installFastComputedStyle(win: Window & typeof globalThis): void {
  const full = win.getComputedStyle.bind(win);
  // each tag's default display (inline or not decides the spaces in accessible names), computed
  // once in a document without the app's style sheets
  const blank = win.document.implementation.createHTMLDocument('');
  const displays = new Map<string, string>();
  const defaultDisplay = (tag: string) => {
    let value = displays.get(tag);
    if (value === undefined) {
      value = full(blank.createElement(tag)).display;
      displays.set(tag, value);
    }
    return value;
  };
  fast = ((element: Element, pseudo?: string | null) => {
    if (pseudo) return full(element, pseudo);
    const style = win.document.createElement('div').style;
    const inline = (element as HTMLElement).style as CSSStyleDeclaration | undefined;
    if (inline) {
      for (let i = 0; i < inline.length; i += 1) {
        const name = inline[i]!;
        style.setProperty(name, inline.getPropertyValue(name), inline.getPropertyPriority(name));
      }
    }
    if (!style.display) style.display = element.hasAttribute('hidden') ? 'none' : defaultDisplay(element.localName);
    // visibility is inherited: a hidden ancestor hides its subtree unless it says otherwise
    if (!style.visibility) {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const value = parent.style?.visibility;
        if (value) {
          style.visibility = value;
          break;
        }
      }
    }
    return style;
  }) as typeof win.getComputedStyle;
  win.getComputedStyle = fast;
  cascade = (run) => {
    win.getComputedStyle = full;
    try {
      run();
    } finally {
      win.getComputedStyle = fast!;
    }
  };
}

let fast: (typeof window.getComputedStyle) | null = null;
let cascade: (run: () => void) => void = (run) => run();

/** Runs `run` with jsdom's full computation, every style sheet included: for checking a colour. */
export function withCascadedStyles(run: () => void): void {
  cascade(run);
}
