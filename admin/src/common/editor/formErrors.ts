import type { FieldErrors } from 'react-hook-form';

/** react-admin's own validators keep `{message, args}` in a string with this prefix (ra-core ValidationError). */
const RA_FORMAT = '@@react-admin@@';

/** A field error's message as key and arguments, whichever way the validator wrote it. */
export function messageOf(raw: unknown): { key: string; args: Record<string, unknown> } | null {
  // a form-level `validate` answering `{message, args}` (ra-core's ValidationErrorMessage) is kept as that object
  if (raw && typeof raw === 'object' && typeof (raw as { message?: unknown }).message === 'string') {
    const { message, args } = raw as { message: string; args?: Record<string, unknown> };
    return message === '' ? null : { key: message, args: args ?? {} };
  }
  if (typeof raw !== 'string' || raw === '') return null;
  if (!raw.startsWith(RA_FORMAT)) return { key: raw, args: {} };
  try {
    const parsed = JSON.parse(raw.slice(RA_FORMAT.length)) as { message?: unknown; args?: Record<string, unknown> } | string;
    if (typeof parsed === 'string') return { key: parsed, args: {} };
    return typeof parsed.message === 'string' ? { key: parsed.message, args: parsed.args ?? {} } : null;
  } catch {
    return { key: raw, args: {} };
  }
}

const isLeaf = (node: object) => 'type' in node || 'message' in node;

/** Every field path with an error (`translations.en.title`, `items.0.name`), `root` excluded. */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const out: string[] = [];
  for (const [name, node] of Object.entries(errors)) {
    if (!node || typeof node !== 'object' || (prefix === '' && name === 'root')) continue;
    const path = `${prefix}${name}`;
    // an array field may carry its own error beside its items' errors
    if (isLeaf(node) && (node as { message?: unknown }).message !== undefined) out.push(path);
    else out.push(...errorPaths(node as FieldErrors, `${path}.`));
  }
  return out;
}

/** The error at `path` in react-hook-form's nested errors. */
export function errorAt(errors: FieldErrors, path: string): { message?: unknown; type?: unknown } | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return node as { message?: unknown; type?: unknown } | undefined;
}

const REQUIRED = new Set(['ra.validation.required', 'errors.make_sure_that_all_fields_are_filled_in']);

/**
 * The top notice of a refused save (spec 1 §8.5, spec 2 §5): the server's own notice when the save
 * handler set one (`root.serverError`); otherwise what is wrong with the first invalid field — a
 * conflict or a format names itself (`errors.email_not_unique`, `errors.invalid_document`), and
 * only missing values say "make sure that all fields are filled in".
 */
export function noticeOf(errors: FieldErrors, firstPath: string | undefined): { key: string; args: Record<string, unknown> } {
  const server = (errors.root as Record<string, { message?: unknown }> | undefined)?.serverError?.message;
  const fromServer = messageOf(server);
  if (fromServer) return fromServer;
  const first = firstPath ? errorAt(errors, firstPath) : undefined;
  const message = messageOf(first?.message);
  if (!message || first?.type === 'required' || REQUIRED.has(message.key)) return { key: 'ra.message.invalid_form', args: {} };
  return message;
}

/** The element of a field inside the form: its named input, else the element with its id (react-admin ids default to the source). */
export function fieldElement(form: ParentNode, path: string): HTMLElement | null {
  const escaped = typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(path) : path.replace(/(["\\.[\]])/g, '\\$1');
  return form.querySelector<HTMLElement>(`[name="${escaped}"]:not([type="hidden"])`)
    ?? form.querySelector<HTMLElement>(`#${escaped}`)
    ?? form.querySelector<HTMLElement>(`[name="${escaped}"]`)
    ?? form.querySelector<HTMLElement>(`[data-field="${escaped}"]`);
}

/** Paths in the order their fields appear in the form (fields without an element last, in their order). */
export function inFormOrder(form: ParentNode, paths: readonly string[]): { path: string; element: HTMLElement | null }[] {
  const found = paths.map((path) => ({ path, element: fieldElement(form, path) }));
  return found.sort((a, b) => {
    if (!a.element || !b.element) return a.element ? -1 : b.element ? 1 : 0;
    if (a.element === b.element) return 0;
    return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/** The react-admin form tab (`tabpanel-{value}`) holding the element while that tab is hidden, else null. */
export function hiddenTabOf(element: HTMLElement): HTMLElement | null {
  let panel = element.closest<HTMLElement>('[id^="tabpanel-"]');
  while (panel) {
    if (panel.getAttribute('aria-hidden') === 'true' || panel.style.display === 'none') return panel;
    panel = panel.parentElement?.closest<HTMLElement>('[id^="tabpanel-"]') ?? null;
  }
  return null;
}

/** A closed section (MUI Accordion, `<details>`) holding the element: opened through its summary. */
function openSections(element: HTMLElement) {
  const details = element.closest('details');
  if (details && !details.open) details.open = true;
  const accordion = element.closest('.MuiAccordion-root:not(.Mui-expanded)');
  accordion?.querySelector<HTMLElement>('.MuiAccordionSummary-root')?.click();
}

const isShown = (element: HTMLElement) => hiddenTabOf(element) === null;

/**
 * Brings a field into view: opens its tab (the tab header is a link, so the URL follows) and its
 * section, then scrolls it to the middle of the window and focuses it. The tab renders on the
 * next frames, so the element is looked up again until it shows (at most ~1 s).
 */
export function revealField(form: HTMLElement, path: string, element: HTMLElement, wait: (ms: number) => Promise<void> = delay): Promise<boolean> {
  const panel = hiddenTabOf(element);
  if (panel) {
    const value = panel.id.slice('tabpanel-'.length);
    form.querySelector<HTMLElement>(`[id="tabheader-${value}"]`)?.click();
  }
  openSections(element);
  return (async () => {
    for (let i = 0; i < 40; i++) {
      const current = fieldElement(form, path) ?? element;
      if (current.isConnected && isShown(current)) {
        current.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
        const focusable = current.matches('input, textarea, select, button, [tabindex]')
          ? current
          : current.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select, button, [tabindex]') ?? current;
        focusable.focus({ preventScroll: true });
        return true;
      }
      await wait(25);
    }
    return false;
  })();
}

const delay = (ms: number) => new Promise<void>((resolve) => { setTimeout(resolve, ms); });
