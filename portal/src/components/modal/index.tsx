import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { useI18n } from '../../lib/i18n.ts';
import './modal.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  title: ComponentChildren;
  onClose(): void;
  children: ComponentChildren;
  /** false where a drag may end outside the dialog (an image crop): only Escape and the button close it */
  closeOnBackdrop?: boolean;
}

/**
 * A dialog over the page (spec 3 §2 "a news item opens in a modal"): the page behind is inert,
 * focus moves in and stays in, Escape, the close button and a click on the backdrop close it,
 * and focus goes back where it was.
 */
export function Modal({ title, onClose, children, closeOnBackdrop = true }: ModalProps) {
  const { t } = useI18n();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    // everything but the dialog's own branch is inert: it stays in place in the tree (a portal
    // would give its ids a numbering of their own, colliding with the page's)
    const inerted: Element[] = [];
    for (let node: Element | null = dialog.current; node && node !== document.body; node = node.parentElement) {
      for (const sibling of Array.from(node.parentElement?.children ?? [])) {
        if (sibling !== node && !sibling.hasAttribute('inert')) {
          sibling.setAttribute('inert', '');
          inerted.push(sibling);
        }
      }
    }
    const previous = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const element of inerted) element.removeAttribute('inert');
      previous?.focus?.();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div class="modal-backdrop" onClick={(event) => { if (closeOnBackdrop && event.target === event.currentTarget) onClose(); }}>
      <div ref={dialog} class="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div class="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button ref={close} type="button" class="button-secondary modal-close" onClick={onClose}>{t('portal.modal.close')}</button>
        </div>
        <div class="modal-body">{children}</div>
      </div>
    </div>
  );
}
